import type { SubscriberChannel } from '@ummahnotify/shared/domain';
import type { Db } from '../../db/connect';
import { countRequestsSince } from './store';
import { refusal } from './texts';

export const MINUTE = 60 * 1000;
export const HOUR = 60 * MINUTE;

/** Per IP and route: sign-up and confirm calls (webhooks are not limited). */
export const SIGNUP_RATE_LIMIT = { max: 10, timeWindow: MINUTE };

/** Route config of the public sign-up and confirm calls: no session, rate limited. */
export const PUBLIC_LIMITED = { access: 'public', rateLimit: SIGNUP_RATE_LIMIT } as const;

/** At most this many confirmation messages to one address per hour. */
export const MESSAGES_PER_ADDRESS_PER_HOUR = 3;

/** Refuses with 429 (before anything is written or sent) when the address had its messages this hour. */
export async function checkAddressLimit(db: Db, channel: SubscriberChannel, address: string): Promise<void> {
  const recent = await countRequestsSince(db, channel, address, new Date(Date.now() - HOUR));
  if (recent >= MESSAGES_PER_ADDRESS_PER_HOUR) throw refusal(429, 'server.tooManyMessages');
}
