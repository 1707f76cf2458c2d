import type { TemplateTtl } from '@ummahnotify/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Config, WhatsAppTemplateNames } from '../../config';

/**
 * The time-to-live of the WhatsApp templates read back from the Graph API: Meta retries a message to a phone that
 * is off for the template's time-to-live, 30 days unless `message_send_ttl_seconds` was set (at most 12 hours for a
 * utility template: https://developers.facebook.com/documentation/business-messaging/whatsapp/templates/time-to-live).
 * A janaza notice, its correction and its cancellation must not arrive days after the burial, so README asks for
 * 12 hours on those three; this says, in the log, which of them is not set so.
 */

/** The templates whose messages are worthless after the prayer. */
const TIMELY: readonly (keyof WhatsAppTemplateNames)[] = ['janaza', 'correction', 'cancellation'];
/** The longest time-to-live Meta allows a utility template, and what README asks for. */
export const UTILITY_TTL_MAX_SECONDS = 43_200;
/** Pages of 100 templates read at most (an account holds at most 250 templates per language, Meta says). */
const MAX_PAGES = 20;

/** The account's templates with their time-to-live; undefined when they cannot be read (no WABA id, a refusal). */
export async function readTemplateTtls(config: Config): Promise<TemplateTtl[] | undefined> {
  const { WHATSAPP_TOKEN, WHATSAPP_BUSINESS_ACCOUNT_ID, WHATSAPP_API_URL } = config.channels;
  if (!WHATSAPP_TOKEN || !WHATSAPP_BUSINESS_ACCOUNT_ID) return undefined;
  const fields = 'name,language,status,message_send_ttl_seconds';
  let url: string | null =
    `${WHATSAPP_API_URL.replace(/\/+$/, '')}/${encodeURIComponent(WHATSAPP_BUSINESS_ACCOUNT_ID)}/message_templates?fields=${fields}&limit=100`;
  const found: TemplateTtl[] = [];
  try {
    for (let page = 0; url && page < MAX_PAGES; page++) {
      const response: Response = await fetch(url, {
        headers: { authorization: `Bearer ${WHATSAPP_TOKEN}` },
        signal: AbortSignal.timeout(5_000),
      });
      if (!response.ok) return undefined;
      const body = (await response.json()) as { data?: unknown; paging?: { next?: unknown } };
      for (const t of Array.isArray(body.data) ? body.data : []) {
        const { name, language, message_send_ttl_seconds: ttl } = t as Record<string, unknown>;
        if (typeof name !== 'string' || typeof language !== 'string') continue;
        found.push({ name, language, ttlSeconds: typeof ttl === 'number' ? ttl : null });
      }
      url = typeof body.paging?.next === 'string' ? body.paging.next : null;
    }
    return found;
  } catch {
    return undefined;
  }
}

/** Of the janaza, correction and cancellation templates, those Meta would retry for longer than 12 hours. */
export function lateTemplates(ttls: TemplateTtl[], names: WhatsAppTemplateNames): TemplateTtl[] {
  const timely = new Set(TIMELY.map((kind) => names[kind]));
  return ttls.filter(
    (t) => timely.has(t.name) && (t.ttlSeconds === null || t.ttlSeconds < 0 || t.ttlSeconds > UTILITY_TTL_MAX_SECONDS),
  );
}

const EVERY_MS = 60 * 60_000;

/**
 * Reads the templates' time-to-live at start and every hour (staff may fix it in WhatsApp Manager meanwhile) and
 * says in the log which timely template lacks it, each time that changes; `late()` gives the last reading to the
 * channels card. Without WHATSAPP_BUSINESS_ACCOUNT_ID it says once that it cannot check.
 */
export function watchTemplateTtls(
  config: Config,
  whatsappOn: boolean,
  log: FastifyBaseLogger,
  everyMs = EVERY_MS,
): TemplateTtlWatch {
  const unchecked = { checked: Promise.resolve(), close: () => {}, late: () => undefined };
  if (!whatsappOn) return unchecked;
  if (!config.channels.WHATSAPP_BUSINESS_ACCOUNT_ID) {
    log.info('delivery: set WHATSAPP_BUSINESS_ACCOUNT_ID to have the WhatsApp templates’ time-to-live checked');
    return unchecked;
  }
  let said: string | null = null;
  let last: TemplateTtl[] | undefined;
  const check = async () => {
    const ttls = await readTemplateTtls(config);
    // A failed reading forgets the last one: the card then says nothing rather than something stale.
    const late = ttls && lateTemplates(ttls, config.whatsappTemplates);
    last = late;
    if (late === undefined) {
      log.warn(
        'delivery: the WhatsApp templates could not be read from the Graph API (their time-to-live is unchecked)',
      );
      return;
    }
    const key = JSON.stringify(late);
    if (key === said) return;
    said = key;
    for (const t of late)
      log.warn(
        { template: t.name, language: t.language, ttlSeconds: t.ttlSeconds ?? 'not set (30 days)' },
        'delivery: this WhatsApp template can arrive after the prayer: set its time-to-live to 43200 s (README "WhatsApp templates")',
      );
    if (late.length === 0) log.info('delivery: the WhatsApp janaza templates expire within 12 hours');
  };
  const checked = check();
  const timer = setInterval(() => void check(), everyMs);
  timer.unref();
  return { checked, close: () => clearInterval(timer), late: () => last };
}

export interface TemplateTtlWatch {
  /** The first reading (done or failed). */
  checked: Promise<void>;
  close(): void;
  /** The janaza, correction and cancellation templates of the last reading that can arrive late (none: empty);
   *  undefined when they were not read (WhatsApp off, no account id, a refusal). */
  late(): TemplateTtl[] | undefined;
}
