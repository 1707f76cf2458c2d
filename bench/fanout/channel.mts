/**
 * bench/fanout/channel.mts: the web push channel alone (no database), to tune it.
 *   npx tsx bench/fanout/channel.mts [messages=20000] [concurrency=64] [encryption threads=default] [h2|h1]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../server/src/config';
import type { Message } from '../../server/src/delivery/channels/types';
import { createWebPushChannel } from '../../server/src/delivery/channels/webpush';
import { rerunTrustingPushService, startPushServiceProcess } from './child.mts';

if (!(await rerunTrustingPushService())) {
  const count = Number(process.argv[2] ?? 20000);
  const concurrency = Number(process.argv[3] ?? 64);
  const threads = process.argv[4] === undefined || process.argv[4] === 'default' ? undefined : Number(process.argv[4]);
  const http2 = process.argv[5] !== 'h1';
  const peer = await startPushServiceProcess(100);
  const subscriptions = await peer.subscribe(count);
  const dataDir = mkdtempSync(join(tmpdir(), 'un-bench-channel-'));
  const channel = await createWebPushChannel(
    loadConfig({ DATA_DIR: dataDir, DELIVERY_CONCURRENCY: String(concurrency) }),
    { encryptionThreads: threads, http2 },
  );
  const message: Message = {
    kind: 'janaza',
    itemId: 'bench',
    language: 'en',
    correction: false,
    title: 'Janaza: Abdullah bin Ahmad',
    body: 'Abdullah bin Ahmad, 78, has passed away.\nPrayer: Friday 2 pm\nPlace: Masjid Sultan, 3 Muscat St',
    url: 'http://localhost:3000/#janaza-bench',
    imageUrl: null,
  };
  const peerCpuBefore = (await peer.stats()).cpu;
  const cpuBefore = process.cpuUsage();
  let nextIndex = 0;
  const outcomes = new Map<string, number>();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (nextIndex < count) {
        const s = subscriptions[nextIndex++];
        const outcome = await channel.send(
          {
            id: 'x',
            channel: 'webpush',
            address: s.endpoint,
            pushKeys: JSON.stringify(s.keys),
            language: 'en',
            token: 't',
          },
          message,
        );
        const key = outcome.ok ? 'ok' : `${outcome.kind}: ${outcome.error}`;
        outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const { stats, cpu: peerCpu } = await peer.stats();
  const perMessage = (c: NodeJS.CpuUsage) => Math.round((c.user + c.system) / count);
  const peerUsed = { user: peerCpu.user - peerCpuBefore.user, system: peerCpu.system - peerCpuBefore.system };
  console.log(
    `${http2 ? 'h2' : 'h1'}, threads ${threads ?? 'default'}: ${count} sends in ${seconds.toFixed(2)} s = ${Math.round(count / seconds)} msg/s;`,
    `CPU per message: sender ${perMessage(cpu)} µs (all threads), push service ${perMessage(peerUsed)} µs`,
    JSON.stringify(Object.fromEntries(outcomes)),
    JSON.stringify(stats),
  );
  await channel.close();
  await peer.close();
  rmSync(dataDir, { recursive: true, force: true });
}
