import { randomUUID } from 'node:crypto';
import type { NotificationStatus } from '@ummahnotify/shared/domain';
import type { Db } from '../../db/connect';
import { seedProviders } from '../providers/seed';
import { listProviders } from '../providers/store';

const HOUR = 60 * 60 * 1000;

/** Sample notices in every status, one already past its due time (shown 'Expired-delete it'). */
const SAMPLE_NOTICES: {
  name: string;
  age: number;
  gender: 'male' | 'female';
  postal: string;
  isPrivacy: boolean;
  dueInHours: number;
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
    dueInHours: 5,
    status: 'pending',
    provider: 'Masjid Sultan',
    note: 'Solat jenazah after Zohor at Masjid Sultan. Burial at Pusara Abadi, Choa Chu Kang.',
  },
  {
    name: 'Fatimah binte Yusof',
    age: 64,
    gender: 'female',
    postal: '419493',
    isPrivacy: false,
    dueInHours: 20,
    status: 'approved',
    provider: 'Masjid Darul Aman',
    note: 'Solat jenazah after Asar. Family receiving visitors at Blk 12 Eunos Crescent.',
  },
  {
    name: 'Kader Mohideen s/o Syed Ahmad',
    age: 85,
    gender: 'male',
    postal: '058767',
    isPrivacy: true,
    dueInHours: 28,
    status: 'silent',
    provider: 'Masjid Jamae (Chulia)',
    note: 'Private family funeral. Prayer time updated to after Maghrib.',
  },
  {
    name: 'Nur Aisyah binte Rahmat',
    age: 0,
    gender: 'female',
    postal: '659919',
    isPrivacy: true,
    dueInHours: 3,
    status: 'rejected',
    provider: 'Al-Ikhlas Janazah Services',
    note: 'Duplicate of an earlier notice.',
  },
  {
    name: 'Abdul Rahman bin Hassan',
    age: 71,
    gender: 'male',
    postal: '579786',
    isPrivacy: false,
    dueInHours: -30,
    status: 'approved',
    provider: 'Masjid An-Nahdhah',
    note: 'Solat jenazah after Subuh at Masjid An-Nahdhah.',
  },
];

/** Demo mode: the masjids and partners, then sample notices, only when there are none yet. */
export async function seedJanaza(db: Db): Promise<void> {
  await seedProviders(db);
  const any = await db.selectFrom('janaza_notices').select('id').limit(1).executeTakeFirst();
  if (any) return;
  const providers = await listProviders(db);
  const author = await db.selectFrom('users').select('id').where('rights', '=', 'editor').limit(1).executeTakeFirst();
  const now = Date.now();
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
        due_date: new Date(now + n.dueInHours * HOUR).toISOString(),
        note: n.note,
        address: '',
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
