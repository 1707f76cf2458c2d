import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import { type DailyLimit, dailyLimit, tierLimit } from './whatsapp-daily';

/**
 * The WhatsApp number's messaging limit as the Graph API states it
 * (https://developers.facebook.com/documentation/business-messaging/whatsapp/messaging-limits, "via API":
 * the whatsapp_business_manager_messaging_limit field), as a number of people; null when unlimited;
 * undefined when it could not be read (then only the provider's refusals stop us).
 */
export async function readMessagingLimit(config: Config): Promise<number | null | undefined> {
  const { WHATSAPP_TOKEN, WHATSAPP_PHONE_ID, WHATSAPP_API_URL } = config.channels;
  if (!WHATSAPP_TOKEN || !WHATSAPP_PHONE_ID) return undefined;
  const url = `${WHATSAPP_API_URL.replace(/\/+$/, '')}/${encodeURIComponent(WHATSAPP_PHONE_ID)}?fields=whatsapp_business_manager_messaging_limit`;
  try {
    const response = await fetch(url, {
      headers: { authorization: `Bearer ${WHATSAPP_TOKEN}` },
      signal: AbortSignal.timeout(5_000),
    });
    if (!response.ok) return undefined;
    const body = (await response.json()) as { whatsapp_business_manager_messaging_limit?: unknown };
    const field = body.whatsapp_business_manager_messaging_limit;
    const tier = typeof field === 'object' && field !== null ? (field as { tier?: unknown }).tier : field;
    return tierLimit(tier);
  } catch {
    return undefined;
  }
}

/** Every instance reads the limit again this often: Meta raises it on its own as the number's quality allows. */
export const MESSAGING_LIMIT_EVERY_MS = 60 * 60_000;
/** After a refusal for the limit (131048) it is read again at most this often. */
const AFTER_REFUSAL_AT_MOST_MS = 60_000;

export interface MessagingLimitWatch {
  /** The limit in force now, with its janaza reserve. */
  current(): DailyLimit;
  /** Read again now (after a refusal for the limit): one read at a time, at most once a minute. */
  refresh(): Promise<void>;
  close(): void;
}

/**
 * The WhatsApp messaging limit a long-running server keeps up to date: WHATSAPP_DAILY_LIMIT when set (fixed);
 * otherwise what the Graph API says at start, every `everyMs` after, and after a refusal for the limit. A read that
 * fails keeps the last known limit.
 */
export async function watchMessagingLimit(
  config: Config,
  whatsappOn: boolean,
  log: FastifyBaseLogger,
  { everyMs = MESSAGING_LIMIT_EVERY_MS, now = Date.now }: { everyMs?: number; now?: () => number } = {},
): Promise<MessagingLimitWatch> {
  const reserve = config.pace.whatsappJanazaReservePercent;
  const fixed = config.pace.whatsappDailyLimit;
  if (fixed !== undefined || !whatsappOn) {
    const daily = dailyLimit(fixed ?? null, reserve);
    return { current: () => daily, refresh: async () => {}, close: () => {} };
  }
  const first = await readMessagingLimit(config);
  if (first === undefined)
    log.warn('delivery: the WhatsApp messaging limit could not be read; set WHATSAPP_DAILY_LIMIT');
  else log.info({ limit: first ?? 'unlimited' }, 'delivery: WhatsApp messaging limit from the Graph API');
  let daily = dailyLimit(first ?? null, reserve);
  let reading: Promise<void> | null = null;
  let lastRead = now();

  const read = (): Promise<void> => {
    reading ??= (async () => {
      lastRead = now();
      const limit = await readMessagingLimit(config);
      if (limit === undefined || limit === daily.limit) return;
      log.info(
        { from: daily.limit ?? 'unlimited', to: limit ?? 'unlimited' },
        'delivery: the WhatsApp messaging limit changed (Graph API)',
      );
      daily = dailyLimit(limit, reserve);
    })().finally(() => {
      reading = null;
    });
    return reading;
  };
  const timer = setInterval(() => void read(), everyMs);
  timer.unref();
  return {
    current: () => daily,
    refresh: () => ((reading ?? now() - lastRead >= AFTER_REFUSAL_AT_MOST_MS) ? read() : Promise.resolve()),
    close: () => clearInterval(timer),
  };
}
