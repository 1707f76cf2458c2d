import { fork } from 'node:child_process';
import type { PushServiceStats, PushSubscriptionJSON } from '../../server/test/peers/push-service.ts';

type Reply =
  | { op: 'ready'; url: string }
  | { op: 'subscribed'; subscriptions: PushSubscriptionJSON[] }
  | { op: 'stats'; stats: PushServiceStats; rssPeak: number; cpu: NodeJS.CpuUsage };

/** The push service running in a child process (push-service-child.mts), over IPC. */
export async function startPushServiceProcess(decryptEvery: number) {
  const child = fork(new URL('./push-service-child.mts', import.meta.url), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, DECRYPT_EVERY: String(decryptEvery) },
  });
  const next = <T extends Reply['op']>(op: T) =>
    new Promise<Extract<Reply, { op: T }>>((resolve, reject) => {
      const onMessage = (reply: Reply) => {
        if (reply.op !== op) return;
        child.off('message', onMessage);
        child.off('exit', onExit);
        resolve(reply as Extract<Reply, { op: T }>);
      };
      const onExit = (code: number | null) => reject(new Error(`push service process exited (${code})`));
      child.on('message', onMessage);
      child.once('exit', onExit);
    });
  const { url } = await next('ready');
  return {
    url,
    pid: child.pid,
    async subscribe(count: number): Promise<PushSubscriptionJSON[]> {
      const reply = next('subscribed');
      child.send({ op: 'subscribe', count });
      return (await reply).subscriptions;
    },
    async stats(): Promise<{ stats: PushServiceStats; rssPeak: number; cpu: NodeJS.CpuUsage }> {
      const reply = next('stats');
      child.send({ op: 'stats' });
      return reply;
    },
    close: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.disconnect();
      }),
  };
}

/**
 * Our channel talks to the push service over HTTPS like to a real one, through node's own CA store;
 * the test certificate gets in there only through NODE_EXTRA_CA_CERTS, read when node starts. So the
 * bench runs itself again with it set (once), and returns true in the parent that should just wait.
 */
export async function rerunTrustingPushService(): Promise<boolean> {
  if (process.env.UN_BENCH_TRUSTED === '1') return false;
  const { writeFileSync, mkdtempSync } = await import('node:fs');
  const { spawn } = await import('node:child_process');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const { PUSH_SERVICE_CERT } = await import('../../server/test/peers/push-service.ts');
  const file = join(mkdtempSync(join(tmpdir(), 'un-bench-ca-')), 'push-service.pem');
  writeFileSync(file, PUSH_SERVICE_CERT);
  const child = spawn(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: { ...process.env, NODE_EXTRA_CA_CERTS: file, UN_BENCH_TRUSTED: '1' },
  });
  const code = await new Promise<number>((resolve) => child.on('exit', (c) => resolve(c ?? 1)));
  process.exitCode = code;
  return true;
}
