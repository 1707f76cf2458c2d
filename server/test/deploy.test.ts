import assert from 'node:assert/strict';
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { API_PATHS } from '@ummahnotify/core';
import { EVENT_PATHS } from '@ummahnotify/domain';
import sharp from 'sharp';
import { DEFAULT_SHUTDOWN_SECONDS } from '../src/config';
import { freePort, startTestServer, type TestServer } from './support/server';
import { eventForm, eventually, staffJar } from './support/staff';

const DEPLOY = join(import.meta.dirname, '..', '..', 'deploy');
const UNIT = join(DEPLOY, 'ummahnotify.service');
const CADDYFILE = join(DEPLOY, 'Caddyfile');

/** Where a tool is missing: skipped on a developer's machine, a failure under CI (.ci/run installs them). */
function needs(tool: string): string | false {
  const found = spawnSync('sh', ['-c', `command -v ${tool}`]).status === 0;
  if (found) return false;
  if (process.env.CI === 'true') throw new Error(`${tool} is not installed: .ci/run installs it`);
  return `${tool} is not installed (Debian: apt-get install ${tool === 'caddy' ? 'caddy' : 'systemd'})`;
}

/** Caddy with no admin endpoint and its state in a temporary folder: nothing of the machine's own Caddy touched. */
function caddyEnv(): NodeJS.ProcessEnv {
  const home = mkdtempSync(join(tmpdir(), 'un-caddy-'));
  return { ...process.env, HOME: home, XDG_DATA_HOME: join(home, 'data'), XDG_CONFIG_HOME: join(home, 'config') };
}

/** About 9 MB of PNG (noise, stored without compression): a phone's photo near the 10 MB the server takes. */
const nineMegabytePhoto = () =>
  sharp({
    create: {
      width: 1800,
      height: 1700,
      channels: 3,
      noise: { type: 'gaussian', mean: 128, sigma: 50 },
      background: '#000',
    },
  })
    .png({ compressionLevel: 0 })
    .toBuffer();

describe('deploy/: the samples README uses, checked by their own tools', () => {
  test('the systemd unit passes systemd-analyze verify without a warning', { skip: needs('systemd-analyze') }, () => {
    const run = spawnSync('systemd-analyze', ['verify', UNIT], { encoding: 'utf8' });
    assert.equal(run.status, 0, run.stderr);
    assert.equal(run.stderr.trim(), '', 'systemd-analyze prints a line for each setting it ignores');
  });

  test('the unit starts the compiled server as `npm run serve` does, and lets its clean stop finish', () => {
    const unit = readFileSync(UNIT, 'utf8');
    const setting = (name: string) => new RegExp(`^${name}=(.*)$`, 'm').exec(unit)?.[1] ?? '';
    // node itself (one process: SIGTERM reaches the server), on the file the build writes (server/scripts/build.mjs).
    const [node, ...args] = setting('ExecStart').split(/\s+/);
    assert.equal(node, '/usr/bin/node');
    const serve = JSON.parse(readFileSync(join(DEPLOY, '..', 'package.json'), 'utf8')).scripts.serve as string;
    assert.deepEqual(args, serve.split(/\s+/).slice(1), 'the same arguments as `npm run serve`');
    assert.equal(args.at(-1), 'server/dist/main.js');
    // systemd's SIGKILL comes after TimeoutStopSec: later than the server's own deadline (SHUTDOWN_SECONDS).
    assert.ok(Number(setting('TimeoutStopSec')) > DEFAULT_SHUTDOWN_SECONDS, setting('TimeoutStopSec'));
    assert.equal(setting('KillSignal'), 'SIGTERM');
  });

  test('the Caddyfile passes caddy validate', { skip: needs('caddy') }, () => {
    const run = spawnSync('caddy', ['validate', '--config', CADDYFILE, '--adapter', 'caddyfile'], {
      encoding: 'utf8',
      env: caddyEnv(),
    });
    assert.equal(run.status, 0, run.stderr);
    assert.match(`${run.stdout}${run.stderr}`, /Valid configuration/);
  });
});

describe('Caddy with deploy/Caddyfile in front of a server', { skip: needs('caddy') }, () => {
  let server: TestServer;
  let caddy: ChildProcess;
  let proxied: string;

  before(async () => {
    server = await startTestServer('sqlite');
    const port = await freePort();
    proxied = `http://127.0.0.1:${port}`;
    // The file as shipped, its site address and upstream swapped for this test's: every directive is its own.
    const shipped = readFileSync(CADDYFILE, 'utf8');
    assert.match(shipped, /^notify\.example\.sg \{$/m);
    assert.match(shipped, /reverse_proxy 127\.0\.0\.1:3000$/m);
    const config = shipped
      .replace(/^notify\.example\.sg \{$/m, `{\n\tadmin off\n}\n${proxied} {`)
      .replace(/reverse_proxy 127\.0\.0\.1:3000$/m, `reverse_proxy ${new URL(server.url).host}`);
    const file = join(mkdtempSync(join(tmpdir(), 'un-caddyfile-')), 'Caddyfile');
    writeFileSync(file, config);
    caddy = spawn('caddy', ['run', '--config', file, '--adapter', 'caddyfile'], { env: caddyEnv(), stdio: 'ignore' });
    await eventually(async () => (await fetch(`${proxied}${API_PATHS.ready}`).catch(() => undefined))?.status === 200);
  });
  after(async () => {
    if (caddy && caddy.exitCode === null) {
      const exited = new Promise((r) => caddy.once('exit', r));
      caddy.kill('SIGTERM');
      await exited;
    }
    await server?.stop();
  });

  test('a 9 MB photo reaches the server through it; a request past 12 MB is refused by Caddy with 413 and a message', async () => {
    const jar = await staffJar(server, 'admin@deploy.example.sg', 'admin');
    const form = eventForm();
    const photo = await nineMegabytePhoto();
    assert.ok(photo.length > 9_000_000 && photo.length < 10 * 1024 * 1024, `${photo.length} bytes`);
    form.append('image', new Blob([new Uint8Array(photo)], { type: 'image/png' }), 'family-day.png');
    const created = await fetch(`${proxied}${EVENT_PATHS.list}`, {
      method: 'POST',
      headers: { cookie: jar.header(), origin: server.url },
      body: form,
    });
    assert.equal(created.status, 201, await created.clone().text());
    const event = ((await created.json()) as { data: { image: string | null } }).data;
    assert.ok(event.image, 'the photo was stored');

    const huge = new FormData();
    huge.append('heading', 'Too big');
    huge.append('image', new Blob([new Uint8Array(13 * 1024 * 1024)], { type: 'image/png' }), 'huge.png');
    const tooBig = await fetch(`${proxied}${EVENT_PATHS.list}`, {
      method: 'POST',
      headers: { cookie: jar.header(), origin: server.url },
      body: huge,
    });
    assert.equal(tooBig.status, 413);
    assert.match(((await tooBig.json()) as { message: string }).message, /larger than 12 MB/);
    const stored = await server.app.db
      .selectFrom('events')
      .select('heading')
      .where('heading', '=', 'Too big')
      .execute();
    assert.equal(stored.length, 0, 'the server never saw it');
  });
});
