import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { compiledServerArgs } from './compiled-server';
import { eventually } from './staff';

const serverDir = fileURLToPath(new URL('../..', import.meta.url));

export interface ServerProcess {
  child: ChildProcess;
  /** The exit code (null when a signal ended it) and signal, once it has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Waits until the server's log (stdout, one JSON line per entry) has a line with `text`; returns that line. */
  logged(text: string): Promise<string>;
  stderr(): string;
}

/**
 * The compiled server (`node server/dist/main.js`) in its own process, as production runs it, answering /healthz on
 * env.PUBLIC_URL (demo mode unless env names an issuer: no issuer needed).
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, compiledServerArgs(), {
    cwd: serverDir,
    env: { ...process.env, NODE_ENV: 'development', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (d) => {
    stdout += d;
  });
  child.stderr?.on('data', (d) => {
    stderr += d;
    process.stderr.write(d);
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  await eventually(async () => {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}): ${stderr}`);
    const res = await fetch(`${env.PUBLIC_URL}/healthz`).catch(() => null);
    return res?.ok;
  });
  return {
    child,
    exited,
    logged: (text) => eventually(async () => stdout.split('\n').find((line) => line.includes(text))),
    stderr: () => stderr,
  };
}
