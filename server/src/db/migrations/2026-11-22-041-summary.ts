import type { Kysely } from 'kysely';
import { type CountedTable, dropCounterTriggers, installCounters } from '../counter-triggers';

/**
 * The summary's counters (docs/product/data.md#summary), kept by triggers on the tables they count.
 * Subscribers count by channel and state (confirmed, pending, deactivated) and, among the confirmed,
 * by topic; members by position; accounts by rights. The lists are written out here, not imported,
 * because a released migration must not change when the enums do.
 */
const CHANNELS = ['webpush', 'email', 'whatsapp', 'telegram'];
const SUBSCRIBER_COUNTERS = ['confirmed', 'pending', 'deactivated', 'janaza', 'events'];

export const COUNTERS = [
  'janazah.total',
  'events.total',
  'members.total',
  'members.member',
  'members.masjid',
  'members.partner',
  'users.superadmin',
  'users.admin',
  'users.editor',
  ...CHANNELS.flatMap((c) => SUBSCRIBER_COUNTERS.map((s) => `subscribers.${c}.${s}`)),
];

const receiving = (r: string) => `${r}.active = 1 AND ${r}.confirmed = 1`;

export const COUNTED_TABLES: CountedTable[] = [
  { table: 'janaza_notices', keys: () => [`'janazah.total'`], columns: [] },
  { table: 'events', keys: () => [`'events.total'`], columns: [] },
  { table: 'members', keys: (r) => [`'members.total'`, `'members.' || ${r}.position`], columns: ['position'] },
  { table: 'users', keys: (r) => [`'users.' || ${r}.rights`], columns: ['rights'] },
  {
    table: 'subscribers',
    keys: (r) => [
      `'subscribers.' || ${r}.channel || '.' || (CASE WHEN ${r}.active = 0 THEN 'deactivated' WHEN ${r}.confirmed = 1 THEN 'confirmed' ELSE 'pending' END)`,
      `CASE WHEN ${receiving(r)} AND ${r}.topic_janaza = 1 THEN 'subscribers.' || ${r}.channel || '.janaza' END`,
      `CASE WHEN ${receiving(r)} AND ${r}.topic_events = 1 THEN 'subscribers.' || ${r}.channel || '.events' END`,
    ],
    columns: ['channel', 'active', 'confirmed', 'topic_janaza', 'topic_events'],
  },
];

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not follow later schema types.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('summary_counts')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await installCounters(db, COUNTERS, COUNTED_TABLES);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const t of COUNTED_TABLES) await dropCounterTriggers(db, t.table);
  await db.schema.dropTable('summary_counts').execute();
}
