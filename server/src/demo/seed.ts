import { randomUUID } from 'node:crypto';
import { DEMO_ACCOUNTS } from '@ummahnotify/domain';
import type { Db } from '../db/connect';
import { seedCommittee } from '../features/committee/seed';
import { seedEvents } from '../features/events/seed';
import { seedJanaza } from '../features/janaza/seed';
import { seedMembers } from '../features/members/seed';
import { seedSubscribers } from '../features/subscribers/seed';
import { seedDemoDeliveries } from './deliveries';

/**
 * Demo mode fills an empty database with realistic sample data, so a visitor sees a working product.
 * Each section adds its own sample rows here.
 */
export async function seedDemoData(db: Db): Promise<void> {
  const anyUser = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (anyUser) return;
  await seedStaff(db);
  // Each section's sample data, one line each (e.g. await seedJanaza(db)).
  await seedEvents(db);
  await seedSubscribers(db);
  await seedJanaza(db);
  await seedMembers(db);
  await seedCommittee(db);
  await seedDemoDeliveries(db);
}

async function seedStaff(db: Db): Promise<void> {
  const now = new Date().toISOString();
  await db
    .insertInto('users')
    .values(
      DEMO_ACCOUNTS.map((a) => ({
        id: randomUUID(),
        oidc_sub: null,
        email: a.email,
        first_name: a.givenName,
        last_name: a.familyName,
        rights: a.rights,
        activated: 1,
        created_at: now,
        updated_at: now,
        last_sign_in_at: null,
      })),
    )
    .execute();
}
