import type { Summary } from '@ummahnotify/domain';
import type { Db } from '../../src/db/connect';

/**
 * The summary computed the obvious way, with COUNT queries over the tables. Too slow to answer with
 * at a million subscribers, it is the truth the trigger-kept counters are checked against (tests)
 * and the baseline they are compared with (bench/summary).
 */
export async function countSummaryDirectly(db: Db): Promise<Summary> {
  const n = (rows: { n: number | string | bigint }[]) => Number(rows[0]?.n ?? 0);
  const count = async (table: 'janaza_notices' | 'events') =>
    n(
      await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .execute(),
    );

  const subscribers = await db
    .selectFrom('subscribers')
    .select((eb) => [
      'channel',
      eb.fn.countAll().as('n'),
      eb.fn.sum(eb.case().when('topic_janaza', '=', 1).then(1).else(0).end()).as('janaza'),
      eb.fn.sum(eb.case().when('topic_events', '=', 1).then(1).else(0).end()).as('events'),
    ])
    .where('active', '=', 1)
    .where('confirmed', '=', 1)
    .groupBy('channel')
    .execute();
  const channel = (name: string) => {
    const row = subscribers.find((r) => r.channel === name);
    return { total: Number(row?.n ?? 0), janaza: Number(row?.janaza ?? 0), events: Number(row?.events ?? 0) };
  };

  const members = await db
    .selectFrom('members')
    .select((eb) => ['position', eb.fn.countAll().as('n')])
    .groupBy('position')
    .execute();
  const position = (p: string) => Number(members.find((r) => r.position === p)?.n ?? 0);
  const users = await db
    .selectFrom('users')
    .select((eb) => ['rights', eb.fn.countAll().as('n')])
    .groupBy('rights')
    .execute();
  const rights = (r: string) => Number(users.find((u) => u.rights === r)?.n ?? 0);

  return {
    janazah: { total: await count('janaza_notices') },
    events: { total: await count('events') },
    subscribers: {
      web: channel('webpush'),
      email: channel('email').total,
      whatsapp: channel('whatsapp').total,
      telegram: channel('telegram').total,
    },
    totalMembers: {
      total: members.reduce((sum, r) => sum + Number(r.n), 0),
      masjid: position('masjid'),
      partners: position('partner'),
      members: position('member'),
    },
    totalAdministrators: {
      total: rights('admin') + rights('editor') + rights('superadmin'),
      admins: rights('admin'),
      editors: rights('editor'),
      superadmins: rights('superadmin'),
    },
    updatedAt: new Date().toISOString(),
  };
}
