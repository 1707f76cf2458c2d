import { type APIRequestContext, type Browser, expect, type Page } from '@playwright/test';
import { COMMITTEE_API, EVENT_PATHS, MEMBERS_API } from '@ummahnotify/domain';
import { signInAs } from './fixtures';
import { startOwnServer } from './server-process';

/**
 * The fixed data the screenshot walk shows, written through the API as staff would write it, so every
 * run draws the same screens. Dates are fixed too: the browser's clock is frozen at FROZEN_NOW, one
 * notice is already due by then ('Expired-delete it') and everything else comes after it.
 */
export const FROZEN_NOW = new Date('2030-03-10T02:00:00.000Z');

export const STAFF = {
  superadmin: { email: 'aisha.rahman@screens.example.sg', givenName: 'Aisha', familyName: 'Rahman' },
  admin: { email: 'farid.ismail@screens.example.sg', givenName: 'Farid', familyName: 'Ismail' },
  editor: { email: 'kavitha.mohamed@screens.example.sg', givenName: 'Kavitha', familyName: 'Mohamed' },
} as const;
export type StaffRole = keyof typeof STAFF;

const NOTICES_API = '/api/v1/admin/notifications/janaza';

/** Cookie-authenticated writes come from the dashboard's own origin. */
function writer(request: APIRequestContext, origin: string) {
  const headers = { Origin: origin };
  return {
    json: async (method: 'post' | 'patch', path: string, data: unknown) => {
      const res = await request[method](path, { data, headers });
      expect(res.status(), `${method} ${path}: ${await res.text()}`).toBeLessThan(300);
      return (await res.json()).data as { _id: string };
    },
    form: async (method: 'post' | 'patch', path: string, multipart: Record<string, string>) => {
      const res = await request[method](path, { multipart, headers });
      expect(res.status(), `${method} ${path}: ${await res.text()}`).toBeLessThan(300);
      return (await res.json()).data as { _id: string };
    },
  };
}

const MASJIDS = [
  { fName: 'Imam', lName: 'Sultan', businessName: 'Masjid Sultan', postal: '198833', contact: '62934405' },
  { fName: 'Imam', lName: 'Darul Aman', businessName: 'Masjid Darul Aman', postal: '419493', contact: '67484244' },
];

const MEMBERS = [
  { fName: 'Nurul', lName: 'Huda', position: 'member', isVolunteer: true, postal: '520123' },
  {
    fName: 'Rizwan',
    lName: 'Abdullah',
    position: 'partner',
    postal: '310045',
    businessName: 'Al-Ikhlas Janazah Services',
    uen: '201912345K',
  },
  { fName: 'Siti', lName: 'Aminah', position: 'member', isVolunteer: false, postal: '650210' },
];

const COMMITTEE = [
  { who: STAFF.superadmin, rights: 'superadmin', position: 'chairperson', gender: 'female', contact: '91234501' },
  { who: STAFF.admin, rights: 'admin', position: 'secretary', gender: 'male', contact: '91234502' },
  { who: STAFF.editor, rights: 'editor', position: 'committee member', gender: 'female', contact: '91234503' },
] as const;

const NOTICES = [
  {
    name: 'Abdul Rahman bin Hassan',
    age: '71',
    gender: 'male',
    postal: '579786',
    due: '2030-03-09T23:30:00Z',
    status: 'approved',
    isPrivacy: 'false',
    note: 'Solat jenazah after Subuh at Masjid Sultan.',
  },
  {
    name: 'Fatimah binte Yusof',
    age: '64',
    gender: 'female',
    postal: '419493',
    due: '2030-03-10T09:30:00Z',
    status: 'approved',
    isPrivacy: 'false',
    note: 'Solat jenazah after Asar. Family receiving visitors at Blk 12 Eunos Crescent.',
  },
  {
    name: 'Kader Mohideen s/o Syed Ahmad',
    age: '85',
    gender: 'male',
    postal: '058767',
    due: '2030-03-11T11:00:00Z',
    status: 'silent',
    isPrivacy: 'true',
    note: 'Private family funeral.',
  },
  {
    name: 'Haji Mohamed Ibrahim bin Abdul Kader',
    age: '78',
    gender: 'male',
    postal: '198833',
    due: '2030-03-10T05:15:00Z',
    status: 'pending',
    isPrivacy: 'false',
    note: '',
  },
];

const EVENTS = [
  {
    heading: 'Youth Iftar Gathering',
    headingTa: 'இளைஞர் இஃப்தார் ஒன்றுகூடல்',
    subHeading: 'Break fast together with the youth wing',
    subHeadingTa: 'இளைஞர் அணியுடன் சேர்ந்து நோன்பு திறப்போம்',
    dateTime: '2030-03-19T18:45',
    publish: true,
  },
  {
    heading: 'Blood Donation Drive',
    headingTa: 'இரத்த தான முகாம்',
    subHeading: 'In partnership with the Health Sciences Authority',
    subHeadingTa: 'சுகாதார அறிவியல் ஆணையத்துடன் இணைந்து',
    dateTime: '2030-03-26T10:00',
    publish: false,
  },
];

/** Writes the walk's data as the superadmin (whose session `request` carries); returns nothing to remember. */
export async function seedScreens(request: APIRequestContext, origin: string): Promise<void> {
  const api = writer(request, origin);
  const providers: string[] = [];
  for (const m of MASJIDS) {
    const created = await api.json('post', MEMBERS_API.list, {
      ...m,
      email: `${m.lName.toLowerCase().replace(/\s/g, '.')}@masjid.example.sg`,
      position: 'masjid',
      isVerified: true,
      dateofBirth: null,
    });
    providers.push(created._id);
  }
  for (const m of MEMBERS)
    await api.json('post', MEMBERS_API.list, {
      ...m,
      isPartner: m.position === 'partner',
      email: `${m.fName.toLowerCase()}.${m.lName.toLowerCase()}@members.example.sg`,
      dateofBirth: '1994-06-15',
    });
  for (const c of COMMITTEE)
    await api.json('post', COMMITTEE_API.list, {
      fName: c.who.givenName,
      lName: c.who.familyName,
      email: c.who.email,
      contact: c.contact,
      birthDate: '1990-01-20',
      postal: '560123',
      gender: c.gender,
      rights: c.rights,
      position: c.position,
      backendUser: true,
    });
  for (const [i, n] of NOTICES.entries()) {
    const { due, ...fields } = n;
    await api.form('post', NOTICES_API, { ...fields, dueDate: due, provider: providers[i % providers.length] });
  }
  for (const e of EVENTS) {
    const { publish, ...fields } = e;
    const created = await api.form('post', EVENT_PATHS.list, { ...fields, registration: 'true', serviceType: 'youth' });
    if (publish) {
      const res = await request.patch(EVENT_PATHS.publish(created._id), { headers: { Origin: origin } });
      expect(res.status()).toBeLessThan(300);
    }
  }
}

/**
 * A server of its own holding the screens' data: the superadmin signs in through the issuer and seeds it.
 * The page stays signed in for what the spec adds; close its context when done.
 */
export async function startScreensServer(
  browser: Browser,
  port: number,
  name: string,
): Promise<{ server: Awaited<ReturnType<typeof startOwnServer>>; page: Page }> {
  const server = await startOwnServer(port, name, { SUPERADMIN_EMAILS: STAFF.superadmin.email, NODE_ENV: 'test' });
  const origin = `http://127.0.0.1:${port}`;
  const page = await (await browser.newContext({ baseURL: origin })).newPage();
  await signInAs(page, STAFF.superadmin);
  await seedScreens(page.request, origin);
  return { server, page };
}
