/**
 * The push service of bench/fanout, in a process of its own so that it shares the two cores with
 * the sender honestly. Driven over IPC by run.mts / channel.mts:
 *   {op: 'subscribe', count}  -> {op: 'subscribed', subscriptions}
 *   {op: 'stats'}             -> {op: 'stats', stats, rssPeak, cpu}
 */
import { startPushService } from '../../server/test/peers/push-service.ts';

const service = await startPushService({
  decryptEvery: Number(process.env.DECRYPT_EVERY ?? 100),
  tls: true,
  keepReceived: false,
});
let rssPeak = process.memoryUsage.rss();
setInterval(() => {
  rssPeak = Math.max(rssPeak, process.memoryUsage.rss());
}, 200).unref();

type Request = { op: 'subscribe'; count: number } | { op: 'stats' };
process.on('message', (request: Request) => {
  if (request.op === 'subscribe') {
    const subscriptions = Array.from({ length: request.count }, () => service.subscribe());
    process.send?.({ op: 'subscribed', subscriptions });
  } else if (request.op === 'stats') {
    process.send?.({ op: 'stats', stats: service.stats, rssPeak, cpu: process.cpuUsage() });
  }
});
process.on('disconnect', () => void service.close().then(() => process.exit(0)));
process.send?.({ op: 'ready', url: service.url });
