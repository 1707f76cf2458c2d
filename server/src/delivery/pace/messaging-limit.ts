import type { Config } from '../../config';
import { tierLimit } from './whatsapp-daily';

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
