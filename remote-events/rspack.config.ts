import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Configuration, CopyRspackPlugin, DefinePlugin } from '@rspack/core';
import { createConfig } from '../rspack.base';

const dir = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const packageDir = (name: string) => path.dirname(require.resolve(`${name}/package.json`));

/**
 * Poster OCR runs on our own origin only (docs/decisions/2026-11-22-ocr-assets-from-the-events-remote.md):
 * the tesseract.js worker script, the LSTM builds of tesseract.js-core (WASM inlined; the worker picks
 * the SIMD one the browser supports) and the English LSTM data are copied beside this remote's chunks
 * and fetched only when the event-create page opens. See src/poster/assets.ts.
 */
const OCR_FILES: { from: string; to: string }[] = [
  { from: path.join(packageDir('tesseract.js'), 'dist/worker.min.js'), to: 'worker.min.js' },
  ...['tesseract-core-lstm.wasm.js', 'tesseract-core-simd-lstm.wasm.js', 'tesseract-core-relaxedsimd-lstm.wasm.js'].map(
    (file) => ({ from: path.join(packageDir('tesseract.js-core'), file), to: `core/${file}` }),
  ),
  {
    from: path.join(packageDir('@tesseract.js-data/eng'), '4.0.0_best_int/eng.traineddata.gz'),
    to: 'lang/eng.traineddata.gz',
  },
];

/**
 * The folder the OCR files go into, named by their own content (`ocr-<first 8 hex of a SHA-256 over their bytes>/`),
 * so their URLs change when they do and can be cached as immutable in the section's bucket
 * (docs/decisions/2026-11-29-section-builds-in-their-bucket.md). The code learns it as __UN_OCR_DIR__.
 */
function ocrDir(): string {
  const hash = createHash('sha256');
  for (const { from } of OCR_FILES) hash.update(readFileSync(from));
  return `ocr-${hash.digest('hex').slice(0, 8)}/`;
}

const asIs = { minimized: true }; // already minified upstream: copied byte for byte

const base = createConfig({
  name: 'remote_events',
  dir,
  exposes: { './EventsSection': './src/EventsSection.tsx' },
});

export default (env: unknown, argv: { mode?: string }): Configuration => {
  const config = base(env, argv);
  const folder = ocrDir();
  const ocrAssets = new CopyRspackPlugin({
    patterns: OCR_FILES.map(({ from, to }) => ({ from, to: `${folder}${to}`, info: asIs })),
  });
  return {
    ...config,
    plugins: [...(config.plugins ?? []), ocrAssets, new DefinePlugin({ __UN_OCR_DIR__: JSON.stringify(folder) })],
  };
};
