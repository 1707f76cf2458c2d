import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Configuration, CopyRspackPlugin } from '@rspack/core';
import { createConfig } from '../rspack.base';

const dir = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const packageDir = (name: string) => path.dirname(require.resolve(`${name}/package.json`));

/**
 * Poster OCR runs on our own origin only (docs/decisions/2026-11-22-ocr-assets-from-the-events-remote.md):
 * the tesseract.js worker script, the LSTM builds of tesseract.js-core (WASM inlined; the worker picks
 * the SIMD one the browser supports) and the English LSTM data are copied beside this remote's chunks,
 * under ocr/, and fetched only when the event-create page opens. See src/poster/assets.ts.
 */
const asIs = { minimized: true }; // already minified upstream: copied byte for byte
const ocrAssets = new CopyRspackPlugin({
  patterns: [
    { from: path.join(packageDir('tesseract.js'), 'dist/worker.min.js'), to: 'ocr/worker.min.js', info: asIs },
    ...[
      'tesseract-core-lstm.wasm.js',
      'tesseract-core-simd-lstm.wasm.js',
      'tesseract-core-relaxedsimd-lstm.wasm.js',
    ].map((file) => ({
      from: path.join(packageDir('tesseract.js-core'), file),
      to: `ocr/core/${file}`,
      info: asIs,
    })),
    {
      from: path.join(packageDir('@tesseract.js-data/eng'), '4.0.0_best_int/eng.traineddata.gz'),
      to: 'ocr/lang/eng.traineddata.gz',
      info: asIs,
    },
  ],
});

const base = createConfig({
  name: 'remote_events',
  dir,
  exposes: { './EventsSection': './src/EventsSection.tsx' },
});

export default (env: unknown, argv: { mode?: string }): Configuration => {
  const config = base(env, argv);
  return { ...config, plugins: [...(config.plugins ?? []), ocrAssets] };
};
