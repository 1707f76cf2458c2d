import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { E2E_CLIENT, ISSUER_URL, SUPERADMIN_EMAIL } from './env';

/** The server as production runs it (npm run serve): the build's output, `npm run build` first. */
const SERVER_MAIN = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'server', 'dist', 'main.js');

const START_DEADLINE_MS = 120_000;

/** Another instance of the real server, started as a separate process with its own environment. */
export async function startServerProcess(
  env: Record<string, string>,
  healthUrl: string,
): Promise<{ child: ChildProcess; stop: () => Promise<void> }> {
  const child: ChildProcess = spawn(process.execPath, ['--enable-source-maps', SERVER_MAIN], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (d) => {
    stderr += d;
  });
  // A server still running when this test process ends (a hook timed out while it started) is ended with it.
  const endWithUs = () => child.kill('SIGKILL');
  process.once('exit', endWithUs);
  child.once('exit', () => process.off('exit', endWithUs));
  // Ready when its health check answers; asked every 250 ms until then. The start has its own deadline, well above
  // a loaded machine's start (about 3-10 s), so a server that never answers is killed and its output shown.
  const deadline = AbortSignal.timeout(START_DEADLINE_MS);
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`server exited: ${stderr}`);
    if (deadline.aborted) {
      child.kill('SIGKILL');
      throw new Error(`server did not answer ${healthUrl} within ${START_DEADLINE_MS / 1000} s: ${stderr}`);
    }
    const ok = await fetch(healthUrl).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve(); // already ended (or killed)
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/**
 * A spec's own server on 127.0.0.1:`port`: its data in a fresh folder named after the spec, staff signing in
 * through the run's OpenID Connect issuer; `env` adds to or overrides that.
 */
export function startOwnServer(port: number, name: string, env: Record<string, string> = {}) {
  const url = `http://127.0.0.1:${port}`;
  return startServerProcess(
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: mkdtempSync(join(tmpdir(), `un-${name}-`)),
      OIDC_ISSUER: ISSUER_URL,
      GOOGLE_CLIENT_ID: E2E_CLIENT.id,
      GOOGLE_CLIENT_SECRET: E2E_CLIENT.secret,
      SUPERADMIN_EMAILS: SUPERADMIN_EMAIL,
      // events go at once whatever the hour the tests run at (the quiet hours' own test sets them)
      EVENT_QUIET_HOURS: 'off',
      VAPID_SUBJECT: 'mailto:notices@e2e.example.sg',
      ...env,
    },
    `${url}/healthz`,
  );
}
