import { type ChildProcess, spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SERVER_MAIN = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'server', 'src', 'main.ts');

/** Another instance of the real server, started as a separate process with its own environment. */
export async function startServerProcess(
  env: Record<string, string>,
  healthUrl: string,
): Promise<{ child: ChildProcess; stop: () => Promise<void> }> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', SERVER_MAIN], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (d) => {
    stderr += d;
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited: ${stderr}`);
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
