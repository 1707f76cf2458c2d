import { randomUUID } from 'node:crypto';
import { DEMO_EMAIL_DOMAIN } from '@ummahnotify/domain';
import type { Db } from '../../db/connect';

/** Ordinary members of the youth wing for demo mode (names, contacts and emails are made up). */
const SAMPLE_MEMBERS = [
  {
    first: 'Mohamed',
    last: 'Irfan',
    email: 'irfan.m',
    postal: '560231',
    contact: '81234501',
    dob: '1999-04-12',
    volunteer: true,
    verified: true,
  },
  {
    first: 'Fathima',
    last: 'Beevi',
    email: 'fathima.b',
    postal: '650118',
    contact: '90234512',
    dob: '2001-09-03',
    volunteer: true,
    verified: true,
  },
  {
    first: 'Sulaiman',
    last: 'Abdul Kader',
    email: 'sulaiman.ak',
    postal: '310045',
    contact: '',
    dob: '1987-01-25',
    volunteer: false,
    verified: true,
  },
  {
    first: 'Nur',
    last: 'Aqilah',
    email: 'nur.aqilah',
    postal: '821306',
    contact: '88761234',
    dob: '2003-06-30',
    volunteer: true,
    verified: false,
  },
  {
    first: 'Haris',
    last: 'Rahman',
    email: 'haris.r',
    postal: '730512',
    contact: '97651203',
    dob: null,
    volunteer: false,
    verified: false,
  },
] as const;

/** Seeds sample members whose emails are not taken yet (demo mode only; providers are seeded by janaza). */
export async function seedMembers(db: Db): Promise<void> {
  const emails = SAMPLE_MEMBERS.map((m) => `${m.email}@${DEMO_EMAIL_DOMAIN}`);
  const taken = new Set(
    (await db.selectFrom('members').select('email').where('email', 'in', emails).execute()).map((r) => r.email),
  );
  const now = Date.now();
  const rows = SAMPLE_MEMBERS.map((m, i) => {
    const at = new Date(now - (SAMPLE_MEMBERS.length - i) * 86_400_000).toISOString();
    return {
      id: randomUUID(),
      admin_id: null,
      first_name: m.first,
      last_name: m.last,
      date_of_birth: m.dob,
      postal: m.postal,
      email: `${m.email}@${DEMO_EMAIL_DOMAIN}`,
      contact: m.contact,
      position: 'member',
      is_verified: m.verified ? 1 : 0,
      is_partner: 0,
      is_volunteer: m.volunteer ? 1 : 0,
      business_name: '',
      uen: '',
      membership_status: m.verified ? 'active' : 'pending',
      registered_on: at,
      created_at: at,
      updated_at: at,
    };
  }).filter((r) => !taken.has(r.email));
  if (rows.length > 0) await db.insertInto('members').values(rows).execute();
}
