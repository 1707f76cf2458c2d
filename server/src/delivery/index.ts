import { SUBSCRIBER_CHANNELS } from '@ummahnotify/core';
import type { TemplateTtl } from '@ummahnotify/domain';
import type { FastifyBaseLogger } from 'fastify';
import { type Config, SEND_DEADLINE_MS } from '../config';
import type { Db } from '../db/connect';
import type { Jobs } from '../jobs';
import type { HmacKey, SharedKey } from '../secrets';
import { sharedRedis } from '../shared-redis';
import { type Channels, channelList, createChannels } from './channels';
import type { ReadImage } from './channels/telegram-photo';
import { watchTemplateTtls } from './channels/whatsapp-template-ttl';
import { reclaimExpired } from './claim';
import { expireOverdue } from './expiry';
import { DeliveryPace } from './pace';
import { budgetOf } from './pace/budgets';
import { watchMessagingLimit } from './pace/messaging-limit';
import { Pacer } from './pace/pacer';
import { DEFAULT_RETRY, type RetryPolicy } from './results';
import { PAUSED_AT_START, pauseAllDelivery } from './switch';
import { DeliveryWorker } from './worker';

/** The running delivery engine of one server instance. */
export interface Delivery {
  channels: Channels;
  /** The channels' pace, pauses and the WhatsApp daily limit (for the status and summary answers). */
  pace: DeliveryPace;
  /** The WhatsApp janaza, correction and cancellation templates Meta would retry past 12 hours, as last read
   *  (whatsapp-template-ttl.ts); undefined when not read. */
  lateWhatsAppTemplates(): TemplateTtl[] | undefined;
  /** An outbox row was just committed: look now instead of at the next poll. */
  wake(): void;
  /** When the engine last began a turn (real time, ms); undefined when it is not running. */
  lastTurnAt(): number | undefined;
  /** The first step of a stop, at once: claim nothing more, hand back what waits for its slot (worker.ts). */
  stopClaiming(): void;
  /** Waits for the sends under way and their results, then closes the pace and the channels. */
  close(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    delivery: Delivery;
  }
}

export interface DeliveryOptions {
  db: Db;
  config: Config;
  /** The key of email unsubscribe links (delivery/unsubscribe-token.ts; secrets.ts's purposeKey). */
  unsubscribeKey: HmacKey;
  /** The key of the mails' bounce tags (delivery/bounce-tag.ts; secrets.ts's purposeKey). */
  bounceKey: HmacKey;
  log: FastifyBaseLogger;
  /** Where the generated VAPID keys are shared with the other instances (default: this process only). */
  keys?: SharedKey;
  /** Tests shorten the backoff. */
  retry?: RetryPolicy;
  pollMs?: number;
  /** Tests shorten the lease (default DELIVERY_LEASE_SECONDS) and the send deadline (lease.ts). */
  leaseMs?: number;
  sendDeadlineMs?: number;
  /** The engine's clock (claim.ts); tests move it instead of waiting. Default Date.now. */
  now?: () => number;
  /** Tests with a self-signed push service on https: its certificate, trusted by the web push channel. */
  pushServiceCa?: string;
  /** An upload's bytes (the image store), for the photos Telegram gets uploaded. */
  readImage?: ReadImage;
}

export async function startDelivery({
  db,
  config,
  unsubscribeKey,
  bounceKey,
  log,
  keys,
  retry,
  pollMs,
  leaseMs,
  sendDeadlineMs,
  now,
  pushServiceCa,
  readImage,
}: DeliveryOptions): Promise<Delivery> {
  const channels = await createChannels(config, { keys, pushServiceCa, readImage });
  for (const c of channelList(channels)) {
    if (c.state.enabled) log.info({ channel: c.name }, 'delivery: channel on');
    else log.warn({ channel: c.name, reason: c.state.reason }, 'delivery: channel off');
  }
  // DELIVERY_PAUSED=true: at every start, before anything is claimed, all delivery is switched off (switch.ts),
  // unless it already is; a superadmin resumes it on the summary.
  if (config.deliveryPaused) {
    const now = await pauseAllDelivery(db, PAUSED_AT_START, null);
    log.warn({ switchedOffNow: now }, 'delivery: switched off on every channel (DELIVERY_PAUSED=true)');
  }
  const pace = await startPace(db, config, channels, log);
  const templateTtls = watchTemplateTtls(config, channels.whatsapp.state.enabled, log);
  const worker = new DeliveryWorker(db, channelList(channels), {
    engine: config.database.kind,
    config: { ...config, unsubscribeKey, bounceKey },
    leaseMs: leaseMs ?? config.deliveryLeaseSeconds * 1000,
    sendDeadlineMs: sendDeadlineMs ?? SEND_DEADLINE_MS,
    concurrency: (channel) => (channel.name === 'webpush' ? config.webpushConcurrency : config.deliveryConcurrency),
    pollMs: pollMs ?? 500,
    retry: retry ?? DEFAULT_RETRY,
    log,
    pace,
    now,
    quietHours: config.eventQuietHours,
  });
  worker.start();
  return {
    channels,
    pace,
    lateWhatsAppTemplates: () => templateTtls.late(),
    wake: () => worker.wake(),
    lastTurnAt: () => worker.lastTurnAt(),
    stopClaiming: () => worker.stopClaiming(),
    close: async () => {
      await worker.stop();
      templateTtls.close();
      await pace.close();
      await Promise.all(channelList(channels).map((c) => c.close()));
    },
  };
}

/**
 * The shared budgets live in Redis when REDIS_URL is set (the database is its insurance), otherwise in
 * the database. The WhatsApp daily limit: WHATSAPP_DAILY_LIMIT, else what the Graph API says (read again hourly).
 */
async function startPace(
  db: Db,
  config: Config,
  channels: Channels,
  log: FastifyBaseLogger,
): Promise<DeliveryPace & { close(): Promise<void> }> {
  const shared = config.redisUrl
    ? sharedRedis(config.redisUrl, 'delivery pace', (message) => log.warn(message))
    : undefined;
  await shared?.firstAnswer;
  const limit = await watchMessagingLimit(config, channels.whatsapp.state.enabled, log);
  const pace = new DeliveryPace(new Pacer(db, shared?.redis), budgetOf(config), () => limit.current());
  // A refusal for the messaging limit: Meta may have moved the number to another tier since the last read.
  pace.onLimitRefused = () => void limit.refresh();
  return Object.assign(pace, {
    close: async () => {
      limit.close();
      await shared?.close();
    },
  });
}

/**
 * Deliveries whose instance died mid-send become due again once their lease runs out: one instance
 * looks, every quarter lease (at least every second), for all channels. `now`: the engine's clock (claim.ts).
 */
export function registerDeliveryJobs(jobs: Jobs, db: Db, config: Config, now: () => number = Date.now): void {
  jobs.register({
    name: 'delivery-reclaim-expired-leases',
    everyMs: Math.max(1000, (config.deliveryLeaseSeconds * 1000) / 4),
    leaseMs: 60_000,
    run: async () => {
      for (const channel of SUBSCRIBER_CHANNELS) await reclaimExpired(db, channel, new Date(now()));
    },
  });
  // Messages expire (expiry.ts): the pending deliveries of items whose time has passed, in one statement.
  jobs.register({
    name: 'delivery-expire-overdue',
    everyMs: 5_000,
    leaseMs: 60_000,
    run: () => expireOverdue(db, new Date(now())).then(() => {}),
  });
}
