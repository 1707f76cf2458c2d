import { randomUUID } from 'node:crypto';
import type { Insertable } from 'kysely';
import type { Db } from '../../server/src/db/connect';
import type { Database } from '../../server/src/db/schema';
import { seededRandom } from '../../server/src/features/subscribers/seed';

/**
 * Fills a migrated database the way years of use would: rows go through the normal tables, so the
 * counter triggers run for every one of them (on PostgreSQL once per 1000-row statement).
 */
export const SIZES = { subscribers: 1_000_000, notices: 100_000, events: 10_000, members: 10_000 } as const;
const BATCH = 1000;

const CHANNELS = ['webpush', 'webpush', 'webpush', 'email', 'email', 'whatsapp', 'whatsapp', 'telegram'];
const POSITIONS = [
  'member',
  'member',
  'member',
  'member',
  'member',
  'member',
  'member',
  'masjid',
  'partner',
  'partner',
];
const START = Date.UTC(2021, 0, 1);
const SPAN = Date.UTC(2026, 10, 1) - START;

async function inBatches<R>(
  total: number,
  row: (i: number) => R,
  insert: (rows: R[]) => Promise<unknown>,
  report: (done: number) => void,
) {
  for (let start = 0; start < total; start += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, total - start) }, (_, k) => row(start + k));
    await insert(rows);
    report(start + rows.length);
  }
}

export async function fill(db: Db, log: (line: string) => void): Promise<void> {
  // A deterministic sequence, so both engines get the same data.
  const next = seededRandom(42);
  const at = () => new Date(START + Math.floor(next() * SPAN)).toISOString();
  const progress = (what: string, total: number) => (done: number) => {
    if (done % (total / 10) < BATCH) log(`  ${what}: ${done.toLocaleString('en')} / ${total.toLocaleString('en')}`);
  };

  const memberIds: string[] = [];
  await inBatches(
    SIZES.members,
    (i) => {
      const position = POSITIONS[Math.floor(next() * POSITIONS.length)];
      const id = randomUUID();
      if (position !== 'member') memberIds.push(id);
      const created = at();
      return {
        id,
        admin_id: null,
        first_name: `Member ${i}`,
        last_name: 'Bench',
        date_of_birth: null,
        postal: String(100000 + (i % 800000)),
        email: `member${i}@bench.example.sg`,
        contact: `9${String(i).padStart(7, '0')}`,
        position,
        is_verified: 1,
        is_partner: position === 'partner' ? 1 : 0,
        is_volunteer: i % 3 === 0 ? 1 : 0,
        business_name: position === 'member' ? '' : `Provider ${i}`,
        uen: position === 'partner' ? `${String(201900000 + i)}K` : '',
        membership_status: 'active',
        registered_on: created,
        created_at: created,
        updated_at: created,
      };
    },
    (rows: Insertable<Database['members']>[]) => db.insertInto('members').values(rows).execute(),
    progress('members', SIZES.members),
  );

  await inBatches(
    SIZES.notices,
    (i) => {
      const created = at();
      return {
        id: randomUUID(),
        provider_id: memberIds[i % memberIds.length],
        provider_name: `Provider ${i % memberIds.length}`,
        provider_contact: '62345678',
        name: `Deceased ${i}`,
        age: 40 + (i % 60),
        postal: String(100000 + (i % 800000)),
        gender: i % 2 ? 'male' : 'female',
        is_privacy: i % 10 === 0 ? 1 : 0,
        due_date: created,
        note: '',
        address: '',
        image_id: null,
        status: ['pending', 'approved', 'silent', 'rejected'][i % 4],
        status_changed_at: created,
        user_id: null,
        created_at: created,
        updated_at: created,
      };
    },
    (rows: Insertable<Database['janaza_notices']>[]) => db.insertInto('janaza_notices').values(rows).execute(),
    progress('janaza notices', SIZES.notices),
  );

  await inBatches(
    SIZES.events,
    (i) => {
      const created = at();
      return {
        id: randomUUID(),
        heading: `Event ${i}`,
        heading_ta: `நிகழ்வு ${i}`,
        sub_heading: '',
        sub_heading_ta: '',
        content: 'Talk and dinner after Maghrib.',
        content_ta: 'மஃரிபுக்குப் பின் உரையும் இரவு உணவும்.',
        address: '',
        address_ta: '',
        registration: 0,
        service_type: 'community',
        date_time: created,
        published: i % 2,
        published_at: i % 2 ? created : null,
        link: '',
        image_id: null,
        ai_source: null,
        created_by: null,
        updated_by: null,
        created_at: created,
        updated_at: created,
      };
    },
    (rows: Insertable<Database['events']>[]) => db.insertInto('events').values(rows).execute(),
    progress('events', SIZES.events),
  );

  await inBatches(
    SIZES.subscribers,
    (i) => {
      const channel = CHANNELS[Math.floor(next() * CHANNELS.length)];
      const topics = next();
      const created = at();
      const active = next() < 0.95 ? 1 : 0;
      return {
        id: randomUUID(),
        channel,
        address:
          channel === 'webpush'
            ? `https://fcm.googleapis.com/fcm/send/bench-${i}-${randomUUID()}`
            : channel === 'email'
              ? `subscriber${i}@bench.example.sg`
              : channel === 'whatsapp'
                ? `+65${80000000 + i}`
                : String(1_000_000_000 + i),
        push_keys: channel === 'webpush' ? '{"p256dh":"bench","auth":"bench"}' : null,
        topic_janaza: topics < 0.85 ? 1 : 0,
        topic_events: topics > 0.25 ? 1 : 0,
        language: next() < 0.3 ? 'ta' : 'en',
        confirmed: channel === 'webpush' || next() < 0.9 ? 1 : 0,
        active,
        created_at: created,
        updated_at: created,
        deactivated_at: active ? null : created,
      };
    },
    (rows: Insertable<Database['subscribers']>[]) => db.insertInto('subscribers').values(rows).execute(),
    progress('subscribers', SIZES.subscribers),
  );
}
