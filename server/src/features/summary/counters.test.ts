import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, test } from 'node:test';
import type { Summary } from '@ummahnotify/domain';
import fc from 'fast-check';
import { engines, migratedDatabase } from '../../../test/support/databases';
import { newEventRow } from '../../../test/support/event-rows';
import { newSubscriber } from '../../../test/support/subscriber-rows';
import { countSummaryDirectly } from '../../../test/support/summary-direct-count';
import type { Db } from '../../db/connect';
import * as summaryMigration from '../../db/migrations/2026-11-22-041-summary';
import { readSummary } from './counters';

const CHANNELS = ['webpush', 'email', 'whatsapp', 'telegram'] as const;
const POSITIONS = ['member', 'masjid', 'partner'] as const;
const RIGHTS = ['superadmin', 'admin', 'editor', 'none', 'user'] as const;

const bit = fc.constantFrom(0, 1);
const subscriberState = fc.record({
  channel: fc.constantFrom(...CHANNELS),
  topic_janaza: bit,
  topic_events: bit,
  confirmed: bit,
  active: bit,
});

/** Writes of every kind the counters must follow: single and multi-row, moving rows between counters. */
const command = fc.oneof(
  fc.record({
    kind: fc.constant('insert subscribers' as const),
    rows: fc.array(subscriberState, { minLength: 1, maxLength: 12 }),
  }),
  fc.record({
    kind: fc.constant('update some subscribers' as const),
    pick: fc.nat(),
    count: fc.integer({ min: 1, max: 6 }),
    to: subscriberState,
  }),
  fc.record({ kind: fc.constant('confirm a channel' as const), channel: fc.constantFrom(...CHANNELS) }),
  fc.record({ kind: fc.constant('touch all subscribers' as const) }),
  fc.record({
    kind: fc.constant('delete some subscribers' as const),
    pick: fc.nat(),
    count: fc.integer({ min: 1, max: 6 }),
  }),
  fc.record({
    kind: fc.constant('insert members' as const),
    positions: fc.array(fc.constantFrom(...POSITIONS), { minLength: 1, maxLength: 5 }),
  }),
  fc.record({ kind: fc.constant('move a member' as const), pick: fc.nat(), to: fc.constantFrom(...POSITIONS) }),
  fc.record({ kind: fc.constant('delete a member' as const), pick: fc.nat() }),
  fc.record({
    kind: fc.constant('insert users' as const),
    rights: fc.array(fc.constantFrom(...RIGHTS), { minLength: 1, maxLength: 4 }),
  }),
  fc.record({ kind: fc.constant('change rights' as const), pick: fc.nat(), to: fc.constantFrom(...RIGHTS) }),
  fc.record({ kind: fc.constant('delete a user' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('insert notices' as const), count: fc.integer({ min: 1, max: 4 }) }),
  fc.record({ kind: fc.constant('delete notices' as const), count: fc.integer({ min: 1, max: 3 }) }),
  fc.record({ kind: fc.constant('insert events' as const), count: fc.integer({ min: 1, max: 4 }) }),
  fc.record({ kind: fc.constant('delete events' as const), count: fc.integer({ min: 1, max: 3 }) }),
);
type Command = typeof command extends fc.Arbitrary<infer C> ? C : never;

const now = () => new Date().toISOString();

async function ids(
  db: Db,
  table: 'subscribers' | 'members' | 'users' | 'janaza_notices' | 'events',
): Promise<string[]> {
  return (await db.selectFrom(table).select('id').orderBy('id').execute()).map((r) => r.id);
}
const slice = (all: string[], pick: number, count: number) =>
  all.length === 0 ? [] : all.slice(pick % all.length, (pick % all.length) + count);

async function run(db: Db, c: Command): Promise<void> {
  switch (c.kind) {
    case 'insert subscribers':
      await db
        .insertInto('subscribers')
        .values(c.rows.map((r) => newSubscriber(r)))
        .execute();
      return;
    case 'update some subscribers': {
      const chosen = slice(await ids(db, 'subscribers'), c.pick, c.count);
      if (chosen.length) await db.updateTable('subscribers').set(c.to).where('id', 'in', chosen).execute();
      return;
    }
    case 'confirm a channel':
      await db.updateTable('subscribers').set({ confirmed: 1 }).where('channel', '=', c.channel).execute();
      return;
    case 'touch all subscribers':
      await db.updateTable('subscribers').set({ updated_at: now() }).execute();
      return;
    case 'delete some subscribers': {
      const chosen = slice(await ids(db, 'subscribers'), c.pick, c.count);
      if (chosen.length) await db.deleteFrom('subscribers').where('id', 'in', chosen).execute();
      return;
    }
    case 'insert members':
      await db
        .insertInto('members')
        .values(
          c.positions.map((position) => ({
            id: randomUUID(),
            admin_id: null,
            first_name: 'Test',
            last_name: 'Member',
            date_of_birth: null,
            postal: '123456',
            email: `${randomUUID()}@example.sg`,
            contact: '',
            position,
            is_verified: 0,
            is_partner: position === 'partner' ? 1 : 0,
            is_volunteer: 0,
            business_name: '',
            uen: '',
            membership_status: 'active',
            registered_on: now(),
            created_at: now(),
            updated_at: now(),
          })),
        )
        .execute();
      return;
    case 'move a member': {
      const [id] = slice(await ids(db, 'members'), c.pick, 1);
      if (id) await db.updateTable('members').set({ position: c.to }).where('id', '=', id).execute();
      return;
    }
    case 'delete a member': {
      const [id] = slice(await ids(db, 'members'), c.pick, 1);
      if (id) await db.deleteFrom('members').where('id', '=', id).execute();
      return;
    }
    case 'insert users':
      await db
        .insertInto('users')
        .values(
          c.rights.map((rights) => ({
            id: randomUUID(),
            oidc_sub: null,
            email: `${randomUUID()}@example.sg`,
            first_name: 'Test',
            last_name: 'User',
            rights,
            activated: 1,
            created_at: now(),
            updated_at: now(),
            last_sign_in_at: null,
          })),
        )
        .execute();
      return;
    case 'change rights': {
      const [id] = slice(await ids(db, 'users'), c.pick, 1);
      if (id)
        await db.updateTable('users').set({ rights: c.to, last_sign_in_at: now() }).where('id', '=', id).execute();
      return;
    }
    case 'delete a user': {
      const [id] = slice(await ids(db, 'users'), c.pick, 1);
      if (id) await db.deleteFrom('users').where('id', '=', id).execute();
      return;
    }
    case 'insert notices':
      await db
        .insertInto('janaza_notices')
        .values(
          Array.from({ length: c.count }, () => ({
            id: randomUUID(),
            provider_id: null,
            provider_name: 'Masjid Test',
            provider_contact: '',
            name: 'Test',
            age: 70,
            postal: '123456',
            gender: 'male',
            is_privacy: 0,
            due_date: now(),
            note: '',
            address: '',
            image_id: null,
            status: 'pending',
            status_changed_at: null,
            user_id: null,
            created_at: now(),
            updated_at: now(),
          })),
        )
        .execute();
      return;
    case 'delete notices': {
      const chosen = (await ids(db, 'janaza_notices')).slice(0, c.count);
      if (chosen.length) await db.deleteFrom('janaza_notices').where('id', 'in', chosen).execute();
      return;
    }
    case 'insert events':
      await db
        .insertInto('events')
        .values(
          Array.from({ length: c.count }, () =>
            newEventRow({
              heading: 'Test',
              heading_ta: 'சோதனை',
              service_type: 'general',
              date_time: now(),
              published: 0,
              published_at: null,
              created_at: now(),
              updated_at: now(),
            }),
          ),
        )
        .execute();
      return;
    case 'delete events': {
      const chosen = (await ids(db, 'events')).slice(0, c.count);
      if (chosen.length) await db.deleteFrom('events').where('id', 'in', chosen).execute();
      return;
    }
  }
}

const withoutTime = ({ updatedAt: _, ...rest }: Summary) => rest;

for (const engine of engines()) {
  describe(`summary counters kept by the database (${engine})`, () => {
    const fresh = migratedDatabase(engine);

    test('after any sequence of writes, the counters equal the tables counted directly', async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 15 }), async (commands) => {
          for (const c of commands) await run(fresh.db, c);
          assert.deepEqual(withoutTime(await readSummary(fresh.db)), withoutTime(await countSummaryDirectly(fresh.db)));
        }),
        { numRuns: engine === 'sqlite' ? 60 : 25 },
      );
    });

    test('writes rolled back leave the counters as they were', async () => {
      const before = await readSummary(fresh.db);
      await assert.rejects(
        fresh.db.transaction().execute(async (trx) => {
          await trx
            .insertInto('subscribers')
            .values([newSubscriber(), newSubscriber({ channel: 'webpush' })])
            .execute();
          await trx.deleteFrom('members').execute();
          throw new Error('abandon');
        }),
        /abandon/,
      );
      assert.deepEqual(withoutTime(await readSummary(fresh.db)), withoutTime(before));
    });

    test('the migration starts the counters from the rows already there', async () => {
      await summaryMigration.down(fresh.db);
      await fresh.db
        .insertInto('subscribers')
        .values([newSubscriber({ channel: 'telegram' }), newSubscriber({ channel: 'whatsapp', confirmed: 0 })])
        .execute();
      await fresh.db.deleteFrom('events').execute();
      await summaryMigration.up(fresh.db);
      assert.deepEqual(withoutTime(await readSummary(fresh.db)), withoutTime(await countSummaryDirectly(fresh.db)));
      await fresh.db
        .insertInto('subscribers')
        .values(newSubscriber({ channel: 'telegram' }))
        .execute();
      assert.deepEqual(
        withoutTime(await readSummary(fresh.db)),
        withoutTime(await countSummaryDirectly(fresh.db)),
        'and the triggers are back',
      );
    });
  });
}
