import { randomUUID } from 'node:crypto';
import { type NotificationStatus, type Prayer, singaporeDate } from '@ummahnotify/core';
import type { Db } from '../../db/connect';
import { seedProviders } from '../providers/seed';
import { listProviders } from '../providers/store';
import { prayerTime } from './prayer-time';

const HOUR = 60 * 60 * 1000;

/**
 * Sample notices in every status, one already past its due time (shown 'Expired-delete it'). Most are
 * announced as people do, after a prayer at a real Singapore masjid (`prayer` on the Singapore day
 * `inDays` from today); one has an exact time (`dueInHours`): the same janaza entered twice, rejected.
 */
const SAMPLE_NOTICES: {
  name: string;
  age: number;
  gender: 'male' | 'female';
  postal: string;
  isPrivacy: boolean;
  dueInHours?: number;
  prayer?: Prayer;
  inDays?: number;
  address?: string;
  status: NotificationStatus;
  provider: string;
  note: string;
}[] = [
  {
    name: 'Haji Mohamed Ibrahim bin Abdul Kader',
    age: 78,
    gender: 'male',
    postal: '198833',
    isPrivacy: false,
    prayer: 'zohor',
    inDays: 1,
    address: '3 Muscat Street',
    status: 'pending',
    provider: 'Masjid Sultan',
    note: 'Burial at Pusara Abadi, Choa Chu Kang.',
  },
  {
    name: 'Fatimah binte Yusof',
    age: 64,
    gender: 'female',
    postal: '419493',
    isPrivacy: false,
    prayer: 'asar',
    inDays: 1,
    address: '1 Jalan Eunos',
    status: 'approved',
    provider: 'Masjid Darul Aman',
    note: 'Family receiving visitors at Blk 12 Eunos Crescent.',
  },
  {
    name: 'Kader Mohideen s/o Syed Ahmad',
    age: 85,
    gender: 'male',
    postal: '058767',
    isPrivacy: true,
    prayer: 'maghrib',
    inDays: 2,
    address: '218 South Bridge Road',
    status: 'silent',
    provider: 'Masjid Jamae (Chulia)',
    note: 'Private family funeral. Prayer time updated to after Maghrib.',
  },
  {
    // The same janaza entered again by another volunteer ("Create anyway" past the duplicate warning), then rejected.
    name: 'Fatimah Yusof',
    age: 0,
    gender: 'female',
    postal: '419493',
    isPrivacy: true,
    dueInHours: 26,
    address: '1 Jalan Eunos',
    status: 'rejected',
    provider: 'Masjid Darul Aman',
    note: 'Duplicate of the notice for Fatimah binte Yusof.',
  },
  {
    name: 'Abdul Rahman bin Hassan',
    age: 71,
    gender: 'male',
    postal: '579786',
    isPrivacy: false,
    prayer: 'subuh',
    inDays: -1,
    address: '9A Bishan Street 14',
    status: 'approved',
    provider: 'Masjid An-Nahdhah',
    note: 'Burial at Pusara Abadi after the prayer.',
  },
];

/** The Singapore calendar date `days` after the one of `now`, as YYYY-MM-DD. */
function singaporeDay(now: number, days: number): string {
  return singaporeDate(now + days * 24 * HOUR);
}

/** Demo mode: the masjids and partners, then sample notices, only when there are none yet. */
export async function seedJanaza(db: Db): Promise<void> {
  await seedProviders(db);
  const any = await db.selectFrom('janaza_notices').select('id').limit(1).executeTakeFirst();
  if (any) return;
  const providers = await listProviders(db);
  const author = await db.selectFrom('users').select('id').where('rights', '=', 'editor').limit(1).executeTakeFirst();
  const now = Date.now();
  const dueOf = (n: (typeof SAMPLE_NOTICES)[number]) =>
    n.prayer
      ? prayerTime(n.prayer, singaporeDay(now, n.inDays ?? 0))
      : new Date(now + (n.dueInHours ?? 0) * HOUR).toISOString();
  const rows = SAMPLE_NOTICES.flatMap((n, i) => {
    const provider = providers.find((p) => p.businessName === n.provider) ?? providers[0];
    if (!provider) return [];
    const createdAt = new Date(now - (SAMPLE_NOTICES.length - i) * HOUR).toISOString();
    return [
      {
        id: randomUUID(),
        provider_id: provider._id,
        provider_name: provider.businessName,
        provider_contact: provider.contact,
        name: n.name,
        age: n.age,
        postal: n.postal,
        gender: n.gender,
        is_privacy: n.isPrivacy ? 1 : 0,
        due_date: dueOf(n),
        prayer: n.prayer ?? null,
        note: n.note,
        address: n.address ?? '',
        image_id: null,
        status: n.status,
        status_changed_at: n.status === 'pending' ? null : createdAt,
        user_id: author?.id ?? null,
        created_at: createdAt,
        updated_at: createdAt,
      },
    ];
  });
  if (rows.length > 0) await db.insertInto('janaza_notices').values(rows).execute();
}
