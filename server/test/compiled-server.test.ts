import assert from 'node:assert/strict';
import { createECDH, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { compiledServerArgs } from './support/compiled-server';

/**
 * What the build (server/scripts/build.mjs) must put where the compiled server looks for it at run time. The server
 * itself starting, migrating, serving its icons and pages, and stopping is tested by running it (shutdown.test.ts,
 * crash.test.ts, main.test.ts, e2e); these are the files a run might not reach.
 */
const main = compiledServerArgs().at(-1) as string;
const dist = dirname(main);
const src = join(dist, '..', 'src');

test('every migration is compiled into dist/db/migrations, where db/migrate.ts reads them', () => {
  const names = (dir: string, ext: string) =>
    readdirSync(dir)
      .filter((n) => n.endsWith(ext) && !n.endsWith('.test.ts'))
      .map((n) => n.slice(0, -ext.length))
      .sort();
  assert.deepEqual(names(join(dist, 'db', 'migrations'), '.js'), names(join(src, 'db', 'migrations'), '.ts'));
});

test('the web push encryption thread loads from the compiled entry and encrypts', async () => {
  // As webpush-pool.ts starts it: no TypeScript loader in the thread.
  const entry = pathToFileURL(join(dist, 'delivery', 'channels', 'webpush-worker.js')).href;
  const bootstrap = `const { workerData } = require('node:worker_threads'); import(workerData.entry);`;
  const worker = new Worker(bootstrap, { eval: true, workerData: { entry } });
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const answer = new Promise<{ id: number; body?: Uint8Array; error?: string }[]>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    worker.postMessage([{ id: 7, payload: Buffer.from('{}'), p256dh: ecdh.getPublicKey(), auth: randomBytes(16) }]);
    const [result] = await answer;
    assert.equal(result.id, 7);
    assert.equal(result.error, undefined);
    assert.ok(result.body && result.body.length > 0);
  } finally {
    await worker.terminate();
  }
});

test('registry packages stay imports of node_modules; the workspace packages are compiled in', () => {
  // main.js and the chunks beside it (shared code, the feed renderer loaded on first use)
  const code = readdirSync(dist)
    .filter((n) => n.endsWith('.js'))
    .map((n) => readFileSync(join(dist, n), 'utf8'))
    .join('\n');
  for (const external of ['better-sqlite3', 'sharp', 'fastify', 'kysely']) {
    assert.match(code, new RegExp(`from "${external}"`), external);
  }
  assert.doesNotMatch(code, /from "@ummahnotify\//, 'no import of a workspace package (TypeScript) is left');
  assert.doesNotMatch(code, /node_modules/, 'nothing of node_modules copied in');
});
