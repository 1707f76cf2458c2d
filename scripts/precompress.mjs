#!/usr/bin/env node
// Writes .br and .gz beside every text asset of a build (JS, CSS, HTML, JSON, SVG, WASM), so the server
// sends compressed files without compressing on each request (@fastify/static `preCompressed`).
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
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(bytes, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
    }),
  );
}
