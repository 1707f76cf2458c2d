#!/usr/bin/env node
// Writes .br and .gz beside every text asset of a build (JS, CSS, HTML, JSON, SVG, WASM), so the server
// sends compressed files without compressing on each request (@fastify/static `preCompressed`). Brotli at its
// highest quality (11): done once per build, it sends about 7 % fewer bytes than quality 9 on every page
// (bench/README.md, bench/frontend). Files over 1 MB (the OCR engine's WebAssembly, loaded only when a poster
// is read) stay at 9, where 11 would add half a minute to every events build.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dir = process.argv[2] ?? 'dist';
const COMPRESSIBLE = /\.(js|css|html|json|svg|wasm|txt)$/;
const MIN_BYTES = 1024;

for (const name of readdirSync(dir, { recursive: true })) {
  const file = join(dir, String(name));
  if (!COMPRESSIBLE.test(file) || !statSync(file).isFile()) continue;
  const bytes = readFileSync(file);
  if (bytes.length < MIN_BYTES) continue;
  writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
  const quality = bytes.length > 1_000_000 ? 9 : 11;
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(bytes, {
      params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
    }),
  );
}
