import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { compiledServerArgs } from '../test/support/compiled-server';
import { freePort } from '../test/support/server';
import { eventually } from '../test/support/staff';

/** The real program as production runs it (the compiled src/main.ts), in demo mode on a fresh data directory. */
function run(env: Record<string, string>) {
  const dataDir = mkdtempSync(join(tmpdir(), 'un-main-'));
  const child = spawn(process.execPath, compiledServerArgs(), {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', GOOGLE_CLIENT_ID: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (d) => {
    stdout += d;
  });
  child.stderr?.on('data', (d) => {
    stderr += d;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  /** Waits until the program's log (stdout) shows `text`. */
  const logged = (text: string) =>
    eventually(async () => {
      if (child.exitCode !== null) throw new Error(`exited early: ${stderr}`);
      return stdout.includes(text);
    });
  return {
    child,
    exited,
    listening: () => logged('(demo mode) at'),
    logged,
    stderr: () => stderr,
    stdout: () => stdout,
    cleanup: () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

describe('start-up and shutdown failures end with one clear line and a non-zero exit', () => {
  const children: ChildProcess[] = [];
  after(() => {
    for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  });

  test('a port already taken: one line on stderr, exit 1, no unhandled rejection', async () => {
    const blocker = createServer();
    const port = await freePort();
    await new Promise<void>((r) => blocker.listen(port, '127.0.0.1', r));
    const p = run({ PORT: String(port), HOST: '127.0.0.1' });
    children.push(p.child);
    try {
      assert.equal(await p.exited, 1);
      const lines = p.stderr().trim().split('\n');
      assert.equal(lines.length, 1, p.stderr());
      assert.match(lines[0], /^UmmahNotify could not start: .*EADDRINUSE/);
    } finally {
      blocker.close();
      p.cleanup();
    }
  });

  test('SIGTERM closes cleanly with exit 0', async () => {
    const port = await freePort();
    const p = run({ PORT: String(port), HOST: '127.0.0.1' });
    children.push(p.child);
    try {
      await p.listening();
      p.child.kill('SIGTERM');
      assert.equal(await p.exited, 0);
      assert.equal(p.stderr().trim(), '');
    } finally {
      p.cleanup();
    }
  });

  test('a request whose body never completes holds the shutdown only until its time-out: exit 0', async () => {
    const port = await freePort();
    const p = run({ PORT: String(port), HOST: '127.0.0.1' });
    children.push(p.child);
    try {
      await p.listening();
      // A request whose body never finishes keeps the server from closing until its connection's time-out (web/
      // timeouts.ts: 30 s without a byte) cuts it: within SHUTDOWN_SECONDS (45 s by default), so the stop is clean.
      const socket = connect(port, '127.0.0.1');
      await new Promise<void>((r) => socket.on('connect', () => r()));
      const cut = new Promise<void>((r) => socket.on('close', () => r()));
      socket.on('error', () => {});
      socket.write(
        'POST /api/public/signup/email HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"email":',
      );
      await p.logged('"url":"/api/public/signup/email"');
      p.child.kill('SIGTERM');
      assert.equal(await p.exited, 0, p.stderr());
      await cut;
      assert.equal(p.stderr().trim(), '');
      assert.ok(p.stdout().includes('"msg":"shut down"'), 'the last line of a clean stop');
    } finally {
      p.cleanup();
    }
  });
});
