import { randomUUID } from 'node:crypto';
import { DEMO_ACCOUNTS, DEMO_EMAIL_DOMAIN } from '@ummahnotify/domain';
import type { Db } from '../../db/connect';

/**
 * The demo committee: the demo staff accounts hold their rights as backend users (so assigning a role
 * in the demo changes what that demo account sees), plus two members without system access.
 */
const SAMPLE_COMMITTEE = [
  {
    email: DEMO_ACCOUNTS[0].email,
    first: DEMO_ACCOUNTS[0].givenName,
    last: DEMO_ACCOUNTS[0].familyName,
    gender: 'female',
    rights: 'superadmin',
    position: 'chairperson',
    backend: true,
    dob: '1990-02-11',
    contact: '91230001',
    postal: '520148',
  },
  {
    email: DEMO_ACCOUNTS[1].email,
    first: DEMO_ACCOUNTS[1].givenName,
    last: DEMO_ACCOUNTS[1].familyName,
    gender: 'male',
    rights: 'admin',
    position: 'vice chairperson',
    backend: true,
    dob: '1992-08-19',
    contact: '91230002',
    postal: '760312',
  },
  {
    email: DEMO_ACCOUNTS[2].email,
    first: DEMO_ACCOUNTS[2].givenName,
    last: DEMO_ACCOUNTS[2].familyName,
    gender: 'female',
    rights: 'editor',
    position: 'secretary',
    backend: true,
    dob: '1996-11-02',
    contact: '91230003',
    postal: '461025',
  },
  {
    email: DEMO_ACCOUNTS[3].email,
    first: DEMO_ACCOUNTS[3].givenName,
    last: DEMO_ACCOUNTS[3].familyName,
    gender: 'male',
    rights: 'none',
    position: 'treasurer',
    backend: false,
    dob: '1994-05-27',
    contact: '91230004',
    postal: '640782',
  },
  {
    email: `zainab.m@${DEMO_EMAIL_DOMAIN}`,
    first: 'Zainab',
    last: 'Marican',
    gender: 'female',
    rights: 'none',
    position: 'committee member',
    backend: false,
    dob: '2000-03-15',
    contact: '912300051',
    postal: '570233',
  },
  {
    email: `arif.s@${DEMO_EMAIL_DOMAIN}`,
    first: 'Arif',
    last: 'Sultan',
    gender: 'male',
    rights: 'none',
    position: 'committee member',
    backend: false,
    dob: '1998-12-08',
    contact: '91230006',
    postal: '120455',
  },
] as const;

/** Seeds the demo committee when it is empty (demo mode only). Rights match the seeded demo accounts. */
export async function seedCommittee(db: Db): Promise<void> {
  if (await db.selectFrom('committee_members').select('id').limit(1).executeTakeFirst()) return;
  const now = Date.now();
  await db
    .insertInto('committee_members')
    .values(
      SAMPLE_COMMITTEE.map((m, i) => {
        const at = new Date(now - (SAMPLE_COMMITTEE.length - i) * 3_600_000).toISOString();
        return {
          id: randomUUID(),
          first_name: m.first,
          last_name: m.last,
          email: m.email,
          contact: m.contact,
          birth_date: m.dob,
          postal: m.postal,
          gender: m.gender,
          rights: m.rights,
          position: m.position,
          backend_user: m.backend ? 1 : 0,
          created_by: null,
          created_at: at,
          updated_at: at,
        };
      }),
    )
    .execute();
}
