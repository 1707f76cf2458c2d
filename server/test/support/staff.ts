import { randomUUID } from 'node:crypto';
import { EVENT_PATHS } from '@ummahnotify/domain';
import type { Db } from '../../src/db/connect';
import type { TestServer } from './server';
import { type CookieJar, signIn } from './sign-in';

/** Signs in through the real OIDC flow and gives the account the rights asked for. */
export async function staffJar(server: TestServer, email: string, rights: string): Promise<CookieJar> {
  const { jar } = await signIn(server.url, { email });
  await server.app.db.updateTable('users').set({ rights }).where('email', '=', email).execute();
  return jar;
}

/** A verified masjid that janaza notices can name as their provider; returns its id. */
export async function insertMasjid(db: Db, name = 'Masjid Sultan'): Promise<string> {
  const id = randomUUID();
  const now = new Date().toISOString();
  await db
    .insertInto('members')
    .values({
      id,
      admin_id: null,
      first_name: 'Test',
      last_name: 'Masjid',
      date_of_birth: null,
      postal: '198833',
      email: `${id.slice(0, 8)}@masjid.example.sg`,
      contact: '62934405',
      position: 'masjid',
      is_verified: 1,
      is_partner: 0,
      is_volunteer: 0,
      business_name: name,
      uen: '',
      membership_status: 'active',
      registered_on: now,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

/**
 * The give-up time of every wait for a state: a deadline for a state that never comes, not a measure of speed, so
 * one for all, well above a loaded machine's worst (the real program's start under tsx took over 15 s on Node 24 at
 * a load average of 10; the crash test's 10 000 pushes about 2 min, 2026-11-28).
 */
const GIVE_UP_MS = 300_000;

/** Polls until `check` returns a value (not undefined/false), or fails after GIVE_UP_MS. */
export async function eventually<T>(check: () => Promise<T | undefined | false>): Promise<T> {
  const end = Date.now() + GIVE_UP_MS;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > end) throw new Error('timed out waiting for a condition');
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** An event's form as the events section sends it (multipart), with these fields over the defaults. */
export function eventForm(fields: Record<string, string> = {}): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries({
    heading: 'Family Day',
    headingTa: 'குடும்ப தினம்',
    address: 'Masjid Sultan',
    addressTa: 'சுல்தான் பள்ளிவாசல்',
    dateTime: '2030-06-01T10:00:00+08:00',
    ...fields,
  }))
    form.append(k, v);
  return form;
}

/** Creates an event through the API (a multipart form, as the events form sends it); its id. */
export async function createEvent(
  server: TestServer,
  jar: CookieJar,
  fields: Record<string, string> = {},
): Promise<string> {
  const form = eventForm(fields);
  const created = await fetch(`${server.url}${EVENT_PATHS.list}`, {
    method: 'POST',
    headers: { cookie: jar.header(), origin: server.url },
    body: form,
  });
  if (created.status !== 201) throw new Error(`creating an event: ${created.status} ${await created.text()}`);
  return ((await created.json()) as { data: { _id: string } }).data._id;
}
