import { randomUUID } from 'node:crypto';
import { DEMO_EMAIL_DOMAIN } from '@ummahnotify/domain';
import type { Db } from '../../db/connect';

/** Masjids and janaza-service partners in Singapore, for demo mode (contacts and UENs are made up). */
const SAMPLE_PROVIDERS = [
  {
    position: 'masjid',
    business: 'Masjid Sultan',
    first: 'Abdul',
    last: 'Rahim',
    postal: '198833',
    contact: '62934405',
    email: 'masjid.sultan',
  },
  {
    position: 'masjid',
    business: 'Masjid Darul Aman',
    first: 'Mohamed',
    last: 'Yasin',
    postal: '419493',
    contact: '67484244',
    email: 'masjid.darulaman',
  },
  {
    position: 'masjid',
    business: 'Masjid An-Nahdhah',
    first: 'Siti',
    last: 'Aminah',
    postal: '579786',
    contact: '62590120',
    email: 'masjid.annahdhah',
  },
  {
    position: 'masjid',
    business: 'Masjid Ar-Raudhah',
    first: 'Hafiz',
    last: 'Osman',
    postal: '659919',
    contact: '68990040',
    email: 'masjid.arraudhah',
  },
  {
    position: 'masjid',
    business: 'Masjid Jamae (Chulia)',
    first: 'Kader',
    last: 'Mohideen',
    postal: '058767',
    contact: '62214165',
    email: 'masjid.jamae',
  },
  {
    position: 'partner',
    business: 'Al-Ikhlas Janazah Services',
    first: 'Rizwan',
    last: 'Abdullah',
    postal: '408564',
    contact: '91234567',
    email: 'alikhlas.janazah',
    uen: '201912345K',
  },
  {
    position: 'partner',
    business: 'Rahmah Muslim Funeral Parlour',
    first: 'Nurul',
    last: 'Huda',
    postal: '609431',
    contact: '98765432',
    email: 'rahmah.funeral',
    uen: '53412345M',
  },
] as const;

/** Seeds sample masjids and partners when the members table is empty (demo mode only). */
export async function seedProviders(db: Db): Promise<void> {
  const any = await db.selectFrom('members').select('id').limit(1).executeTakeFirst();
  if (any) return;
  const now = new Date().toISOString();
  await db
    .insertInto('members')
    .values(
      SAMPLE_PROVIDERS.map((p) => ({
        id: randomUUID(),
        admin_id: null,
        first_name: p.first,
        last_name: p.last,
        date_of_birth: null,
        postal: p.postal,
        email: `${p.email}@${DEMO_EMAIL_DOMAIN}`,
        contact: p.contact,
        position: p.position,
        is_verified: 1,
        is_partner: p.position === 'partner' ? 1 : 0,
        is_volunteer: 0,
        business_name: p.business,
        uen: 'uen' in p ? p.uen : '',
        membership_status: 'active',
        registered_on: now,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
}
