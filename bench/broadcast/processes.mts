/** The bench's child processes: server instances with their log in a file, and free ports for them. */
import { type ChildProcess, spawn } from 'node:child_process';
import { openSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SERVER_MAIN = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'server', 'src', 'main.ts');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A port nothing listens on now (the OS picks it; it is free again once this returns). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export interface Instance {
  port: number;
  pid: number;
  child: ChildProcess;
  logFile: string;
  /** Peak resident memory so far (VmHWM of /proc/<pid>/status), in KiB; null when the process is gone. */
  peakRssKiB(): number | null;
  /** Resident memory now (VmRSS), in KiB. */
  rssKiB(): number | null;
  stop(): Promise<void>;
}

function statusField(pid: number, field: 'VmHWM' | 'VmRSS'): number | null {
  try {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  }
}

/**
 * `node --import tsx server/src/main.ts` with exactly `env` on top of PATH and HOME (nothing else of
 * the bench's environment leaks in), its stdout and stderr in `logFile`; resolves once /healthz
 * answers, or throws with the log's tail when it exits or does not answer in time.
 */
export async function startInstance(port: number, env: Record<string, string>, logFile: string): Promise<Instance> {
  const log = openSync(logFile, 'a');
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER_MAIN], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env, PORT: String(port) },
    stdio: ['ignore', log, log],
  });
  const pid = child.pid as number;
  const tail = () => readFileSync(logFile, 'utf8').split('\n').slice(-30).join('\n');
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`instance :${port} exited:\n${tail()}`);
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`instance :${port} did not answer /healthz in 90 s:\n${tail()}`);
    }
    await sleep(250);
  }
  return {
    port,
    pid,
    child,
    logFile,
    peakRssKiB: () => statusField(pid, 'VmHWM'),
    rssKiB: () => statusField(pid, 'VmRSS'),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        child.once('exit', () => {
          clearTimeout(killer);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}
