/**
 * The one build factory every front-end package uses (shell and the four remotes).
 * Each package's rspack.config.ts calls createConfig with its own name and directory, so
 * `npm run build -w <package>` builds that package alone into its own dist/.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import {
  type Compiler,
  type Configuration,
  CopyRspackPlugin,
  DefinePlugin,
  type EntryObject,
  HtmlRspackPlugin,
} from '@rspack/core';
import { checkKit, FEDERATION_PACKAGES, KIT, type KitLibrary } from './rspack.federation-kit';
import { webAppHeadTags } from './shared/core/src/webApp';

type Exposes = Record<string, string>;

export interface FrontEndOptions {
  /** Module Federation container name: `shell` or `remote_<name>`. */
  name: string;
  /** The package directory (where package.json and src/ are). */
  dir: string;
  /** Modules a remote exposes, e.g. `{ './EventsSection': './src/EventsSection.tsx' }`. */
  exposes?: Exposes;
  /** The host: built from src/index.ts into an index.html (from ./index.html) served at `/`. */
  host?: boolean;
}

/**
 * Shared as singletons between the shell and every remote. Keys are import requests; the value is
 * the dependency in package.json whose version range becomes `requiredVersion`.
 */
const SINGLETONS: Record<string, string> = {
  react: 'react',
  'react/jsx-runtime': 'react',
  'react/jsx-dev-runtime': 'react',
  'react-dom': 'react-dom',
  'react-dom/client': 'react-dom',
  'react-router-dom': 'react-router-dom',
  antd: 'antd',
  '@ant-design/icons': '@ant-design/icons',
  '@tanstack/react-query': '@tanstack/react-query',
  zustand: 'zustand',
  axios: 'axios',
  i18next: 'i18next',
  'react-i18next': 'react-i18next',
  dayjs: 'dayjs',
  // The workspace packages of shared/, each once per page, not once per remote: core (no zod), the domain (schemas
  // with their zod, catalogues) and the client.
  '@ummahnotify/core': '@ummahnotify/core',
  '@ummahnotify/domain': '@ummahnotify/domain',
  '@ummahnotify/client': '@ummahnotify/client',
  // The sections' frame and parts: a singleton of its own, so the public pages never load it.
  '@ummahnotify/client/section': '@ummahnotify/client',
};

/** The workspace packages among the singletons, and the folder of each (its package.json gives `version`). */
const WORKSPACE_PACKAGES: Record<string, string> = {
  '@ummahnotify/core': 'shared/core',
  '@ummahnotify/domain': 'shared/domain',
  '@ummahnotify/client': 'shared/client',
};

interface PackageJson {
  version: string;
  dependencies?: Record<string, string>;
}

const ROOT = path.dirname(fileURLToPath(import.meta.url));

function readPackageJson(dir: string): PackageJson {
  return JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as PackageJson;
}

/** The workspace pins exact versions; a singleton accepts any later compatible one (same major). */
function toRange(spec: string): string {
  return /^\d/.test(spec) ? `^${spec}` : spec;
}

/** The installed version of a library (what a kit module is built from). */
function installedVersion(dependency: string): string {
  return readPackageJson(path.join(ROOT, 'node_modules', dependency)).version;
}

function sharedConfig(dir: string, host?: boolean) {
  const deps = readPackageJson(dir).dependencies ?? {};
  return Object.fromEntries(
    Object.entries(SINGLETONS).map(([request, dependency]) => {
      const spec = deps[dependency];
      if (!spec) throw new Error(`${dir}/package.json must list ${dependency}: it is a shared singleton.`);
      const workspace = WORKSPACE_PACKAGES[dependency];
      const kit = KIT[request as KitLibrary];
      return [
        request,
        {
          singleton: true,
          // A mismatch throws while the remote loads, so the shell shows "section unavailable" and
          // logs the versions, instead of running two incompatible copies.
          strictVersion: true,
          requiredVersion: toRange(spec),
          ...(workspace ? { version: readPackageJson(path.join(ROOT, workspace)).version } : {}),
          // core (paths, constants, time) is needed by every dashboard page from the start: the shell carries it in its
          // entry, compressed with it, instead of one more small chunk (docs/decisions/2026-11-27-shared-split-by-who-uses-it.md).
          ...(host && request === '@ummahnotify/core' ? { eager: true } : {}),
          // antd and the icons are shared as the federation kit (only what the federation uses), not whole.
          ...(kit ? { import: kit.module, version: installedVersion(dependency) } : {}),
        },
      ];
    }),
  );
}

/**
 * The shell and the client package import antd components and icons from their own ES modules (tree-shaken,
 * split by route): a public page then loads only what it shows. The kit modules re-export the same modules,
 * so the remotes get the very instances the shell uses (one antd context).
 */
const KIT_IMPORTS = [
  { libraryName: 'antd', libraryDirectory: 'es' },
  { libraryName: '@ant-design/icons', libraryDirectory: 'es/icons', camelToDashComponentName: false },
];
const USES_KIT_MODULES = [path.join(ROOT, 'shell', 'src'), path.join(ROOT, 'shared', 'client', 'src')];

export function swcOptions(production: boolean, transformImport?: typeof KIT_IMPORTS) {
  return {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic', development: !production, refresh: false } },
    },
    env: { targets: 'chrome >= 111, edge >= 111, firefox >= 111, safari >= 16.4' },
    ...(transformImport ? { transformImport } : {}),
  };
}

/** What a build calls itself: UN_BUILD_LABEL when set (a deploy's tag), else version and build date. */
function buildLabel(dir: string): string {
  const { version } = readPackageJson(dir);
  return (
    process.env.UN_BUILD_LABEL ||
    `${path.basename(dir)} ${version} · ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`
  );
}

/**
 * `dist/build.json` of a remote: `{ label, builtAt }`, the label the code shows (`__UN_BUILD_LABEL__`), which
 * `npm run deploy:remote` puts in the build's record (docs/decisions/2026-11-29-section-builds-in-their-bucket.md).
 */
class BuildRecordFile {
  constructor(private readonly label: string) {}
  apply(compiler: Compiler): void {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('BuildRecordFile', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'BuildRecordFile', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          const record = { label: this.label, builtAt: new Date().toISOString() };
          compilation.emitAsset('build.json', new sources.RawSource(`${JSON.stringify(record, null, 2)}\n`));
        },
      );
    });
  }
}

/**
 * What release this build is, `__UN_RELEASE__`: the product's version and commit from scripts/release.mjs (run at
 * build time, which also writes release.json for the server). The dashboard's footer shows it.
 */
function release(): { version: string; commit: string | null } {
  return JSON.parse(execFileSync(process.execPath, [path.join(ROOT, 'scripts', 'release.mjs')], { encoding: 'utf8' }));
}

const CATALOGUES_DIR = path.join(ROOT, 'shared', 'domain', 'src', 'i18n');
const CATALOGUE_REQUEST = '@ummahnotify/domain/catalogues/';

/**
 * `__UN_CATALOGUES__`: a hash of each catalogue file this build bundles (through an alias, if one points a
 * catalogue elsewhere). The shell's copy of the client holds the shell's; a remote compares its own with it
 * and loads its own texts only where they differ (shared/client/src/i18n.ts, registerOwnCatalogues).
 */
class CatalogueHashes {
  apply(compiler: Compiler): void {
    const alias = (compiler.options.resolve.alias ?? {}) as Record<string, string | false | string[]>;
    const hashes = Object.fromEntries(
      readdirSync(CATALOGUES_DIR)
        .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
        .map((file) => {
          const namespace = file.replace(/\.ts$/, '');
          const aliased = alias[`${CATALOGUE_REQUEST}${namespace}$`];
          const source = readFileSync(typeof aliased === 'string' ? aliased : path.join(CATALOGUES_DIR, file));
          return [namespace, createHash('sha256').update(source).digest('hex').slice(0, 16)];
        }),
    );
    new DefinePlugin({ __UN_CATALOGUES__: JSON.stringify(hashes) }).apply(compiler);
  }
}

export function createConfig({
  name,
  dir,
  exposes,
  host,
}: FrontEndOptions): (env: unknown, argv: { mode?: string }) => Configuration {
  return (_env, argv) => {
    const production = argv.mode !== 'development';
    // The shell ships the kit, so it must hold what every package uses; a remote must use only what it holds.
    for (const packageDir of host ? FEDERATION_PACKAGES.map((pkg) => path.join(ROOT, pkg)) : [dir])
      checkKit(packageDir);
    // Remotes have no page of their own: their container entry (remoteEntry.js) is their entry.
    const entry: EntryObject = host ? { main: './src/index.ts' } : {};
    const label = buildLabel(dir);
    return {
      name,
      context: dir,
      mode: production ? 'production' : 'development',
      devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
      entry,
      output: {
        path: path.join(dir, 'dist'),
        // The shell serves deep links (/dashboard/events/create), so its assets are absolute;
        // a remote's chunks load relative to wherever its remoteEntry.js was fetched from.
        publicPath: host ? '/' : 'auto',
        uniqueName: name,
        filename: production ? '[name].[contenthash:8].js' : '[name].js',
        chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
        cssFilename: production ? '[name].[contenthash:8].css' : '[name].css',
        cssChunkFilename: production ? '[name].[contenthash:8].css' : '[name].css',
        assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
        clean: true,
      },
      resolve: { extensions: ['.ts', '.tsx', '.js', '.jsx', '.json'] },
      module: {
        rules: [
          {
            test: /\.tsx?$/,
            exclude: /node_modules/,
            oneOf: [
              {
                include: USES_KIT_MODULES,
                exclude: /federation-kit/,
                loader: 'builtin:swc-loader',
                options: swcOptions(production, KIT_IMPORTS),
              },
              { loader: 'builtin:swc-loader', options: swcOptions(production) },
            ],
            type: 'javascript/auto',
          },
          { test: /\.css$/, type: 'css/auto' },
          { test: /\.(woff2?|ttf|otf|eot)$/, type: 'asset/resource' },
          { test: /\.(png|jpe?g|gif|svg|webp|avif|ico)$/, type: 'asset' },
        ],
      },
      plugins: [
        new ModuleFederationPlugin({
          name,
          filename: 'remoteEntry.js',
          // Every remote also exposes its build label, so the shell can show which build is live.
          exposes: host ? exposes : { ...exposes, './BuildInfo': path.join(ROOT, 'shared/client/src/build-info.ts') },
          // Remote URLs are not baked in: the shell registers them at run time from /app-config.json.
          remotes: {},
          shared: sharedConfig(dir, host),
          // Reuse what the shell already loaded instead of fetching every remote at start-up.
          shareStrategy: 'loaded-first',
          // The federation runtime once per page: the shell provides its runtime core to every remote
          // (window._FEDERATION_RUNTIME_CORE) instead of each remoteEntry.js carrying a copy of its own.
          experiments: host ? { provideExternalRuntime: true } : { externalRuntime: true },
          manifest: true,
          dts: false,
        }),
        new DefinePlugin({
          __UN_BUILD_LABEL__: JSON.stringify(label),
          __UN_RELEASE__: JSON.stringify(release()),
        }),
        new CatalogueHashes(),
        ...(host
          ? [
              // index.html with the web app's tags in the place its comment marks, as the public pages' heads carry
              // them (shared/core/src/webApp.ts)
              new HtmlRspackPlugin({
                templateContent: readFileSync(path.join(dir, 'index.html'), 'utf8').replace(
                  /<!-- the Home Screen web app's tags[^>]*-->/,
                  () => webAppHeadTags(),
                ),
              }),
              // public/ is served as it is at the site root (the service worker must be /sw.js to control /).
              new CopyRspackPlugin({ patterns: [{ from: 'public', noErrorOnMissing: true }] }),
            ]
          : [new BuildRecordFile(label)]),
      ],
      performance: { hints: false },
      stats: production ? 'normal' : 'minimal',
    };
  };
}
