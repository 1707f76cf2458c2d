import type { Summary } from '@ummahnotify/domain';
import type { Db } from '../../db/connect';

/**
 * The trigger-kept counters (migration 041-summary, db/counter-triggers.ts), read in one small query.
 * A counter that does not exist reads as 0.
 */
export type Counters = (name: string) => number;

export async function readCounters(db: Db): Promise<Counters> {
  const rows = await db.selectFrom('summary_counts').select(['name', 'value']).execute();
  const byName = new Map(rows.map((r) => [r.name, Number(r.value)]));
  return (name) => byName.get(name) ?? 0;
}

/** docs/product/data.md#summary from the counters. */
export function summaryFrom(c: Counters, updatedAt: string): Summary {
  const administrators = { admins: c('users.admin'), editors: c('users.editor'), superadmins: c('users.superadmin') };
  return {
    janazah: { total: c('janazah.total') },
    events: { total: c('events.total') },
    subscribers: {
      web: {
        total: c('subscribers.webpush.confirmed'),
        janaza: c('subscribers.webpush.janaza'),
        events: c('subscribers.webpush.events'),
      },
      email: c('subscribers.email.confirmed'),
      whatsapp: c('subscribers.whatsapp.confirmed'),
      telegram: c('subscribers.telegram.confirmed'),
    },
    totalMembers: {
      total: c('members.total'),
      masjid: c('members.masjid'),
      partners: c('members.partner'),
      members: c('members.member'),
    },
    totalAdministrators: {
      total: administrators.admins + administrators.editors + administrators.superadmins,
      ...administrators,
    },
    updatedAt,
  };
}

export async function readSummary(db: Db): Promise<Summary> {
  return summaryFrom(await readCounters(db), new Date().toISOString());
}
