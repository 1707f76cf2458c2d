import { audit } from '../../audit';
import type { Config } from '../../config';
import type { Db } from '../../db/connect';
import type { SharedKey } from '../../secrets';
import { configuredVapidPair, VAPID_KEYS_NAME } from './webpush-vapid';

/** A start-up refused: the configured VAPID pair is not the one the push subscriptions were made for. */
export class VapidKeysChanged extends Error {}

/**
 * A browser's push subscription belongs to the VAPID public key it was made with: signed with another key, every
 * message to it is refused. So the pair in use is kept (instance_keys, `vapid-keys.json`), and a configured pair
 * (VAPID_PUBLIC_KEY + VAPID_PRIVATE_KEY) is compared with it before the server starts:
 * - none kept yet: the configured pair is kept, and is the one in use from now on;
 * - the same: nothing to do;
 * - another, with active push subscriptions: start-up is refused, in one line that says what a rotation costs and how
 *   to make it (VAPID_ROTATE=true), unless VAPID_ROTATE=true;
 * - another, with none, or with VAPID_ROTATE=true: the configured pair replaces the kept one, and every push
 *   subscription is retired (it cannot receive any more: the person subscribes again), one audit entry saying so.
 * A half-set or invalid pair is left to loadVapidKeys (web push off, with its reason). Returns what start-up should
 * say in the log (docs/decisions/2026-11-29-vapid-keys-rotate-on-purpose.md).
 */
export async function settleVapidKeys(db: Db, config: Config, keys: SharedKey): Promise<string[]> {
  const configured = configuredVapidPair(config);
  if (!configured) {
    return config.vapidRotate
      ? ['VAPID_ROTATE=true has nothing to rotate (VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are not set): remove it']
      : [];
  }
  const kept = JSON.parse(await keys(VAPID_KEYS_NAME, () => configured.json)) as { publicKey: string };
  if (kept.publicKey === configured.publicKey) {
    return config.vapidRotate
      ? [
          'VAPID_ROTATE=true: the configured VAPID keys are already the ones in use, nothing rotated; remove VAPID_ROTATE',
        ]
      : [];
  }
  const { n } = await db
    .selectFrom('subscribers')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('channel', '=', 'webpush')
    .where('active', '=', 1)
    .where('demo', '=', 0)
    .executeTakeFirstOrThrow();
  const subscriptions = Number(n);
  if (subscriptions > 0 && !config.vapidRotate) {
    throw new VapidKeysChanged(
      `VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are not the VAPID keys in use: with them, all ${subscriptions} web push subscription(s) would stop receiving notices and their subscribers would have to sign up again. To keep them, set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY back to the keys in use (or unset both); to rotate anyway, start once with VAPID_ROTATE=true, which retires every web push subscription`,
    );
  }
  const now = new Date().toISOString();
  const retired = await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('instance_keys')
      .set({ value: configured.json })
      .where('name', '=', VAPID_KEYS_NAME)
      .execute();
    // As retireSubscribers does, for every web push subscription at once (no list of ids to bind); the demo seed's
    // made-up people are never sent to, and stay as they are.
    const result = await trx
      .updateTable('subscribers')
      .set({ active: 0, deactivated_at: now, updated_at: now })
      .where('channel', '=', 'webpush')
      .where('active', '=', 1)
      .where('demo', '=', 0)
      .executeTakeFirst();
    const count = Number(result.numUpdatedRows);
    await audit(trx, {
      actorId: null,
      action: 'webpush.keys-rotated',
      entity: 'subscriber',
      entityId: null,
      before: { publicKey: kept.publicKey },
      after: { publicKey: configured.publicKey, retiredSubscriptions: count },
    });
    return count;
  });
  return [
    `VAPID keys rotated: the configured pair replaces the one in use; ${retired} web push subscription(s) retired (they cannot receive with the new keys; their subscribers must sign up again)${config.vapidRotate ? '. Remove VAPID_ROTATE now' : ''}`,
  ];
}
