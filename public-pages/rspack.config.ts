import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Configuration, SwcJsMinimizerRspackPlugin } from '@rspack/core';
import { PUBLIC_PAGES_DIR } from '@ummahnotify/core';
import { swcOptions } from '../rspack.base';

const dir = path.dirname(fileURLToPath(import.meta.url));

/** The build entry of the client's global.css (and the Tamil web font it brings), which every page inlines. */
export const GLOBAL_CSS_ENTRY = 'global';

/**
 * The static pages' scripts (src/browser/): plain TypeScript, one file per script, no framework; and the client's
 * global.css with its fonts. The pages themselves are written by scripts/build.tsx, which runs this build first to
 * name each page's script and read the CSS.
 */
export function scriptsConfig(entries: string[]): Configuration {
  return {
    name: 'public-pages',
    context: dir,
    mode: 'production',
    devtool: 'source-map',
    entry: {
      ...Object.fromEntries(entries.map((name) => [name, `./src/browser/${name}.ts`])),
      [GLOBAL_CSS_ENTRY]: '@ummahnotify/client/global.css',
    },
    output: {
      path: path.join(dir, 'dist'),
      publicPath: `/${PUBLIC_PAGES_DIR}/`,
      filename: '[name].[contenthash:8].js',
      cssFilename: '[name].[contenthash:8].css',
      assetModuleFilename: 'fonts/[name].[contenthash:8][ext]',
      clean: true,
    },
    resolve: { extensions: ['.ts', '.js'] },
    // CSS not minified: lightningcss writes antd's line heights to 5 digits (rspack.base.ts, the light public app).
    module: {
      rules: [
        { test: /\.ts$/, exclude: /node_modules/, loader: 'builtin:swc-loader', options: swcOptions(true) },
        { test: /\.css$/, type: 'css/auto' },
        { test: /\.(woff2?|ttf|otf|eot)$/, type: 'asset/resource' },
        // core's and the client's modules only define things: a script gets only the functions it calls.
        { test: /shared[\\/](core|domain|client)[\\/]src[\\/]/, sideEffects: false },
      ],
    },
    optimization: { minimizer: [new SwcJsMinimizerRspackPlugin()], splitChunks: false },
    performance: { hints: false },
  };
}
