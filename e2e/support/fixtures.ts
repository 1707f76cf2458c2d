import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { IDENTITY_COOKIE, identityCookieValue, type TestIdentity } from '../../server/test/support/oidc-issuer';
import { ISSUER_URL } from './env';

export type Rights = 'superadmin' | 'admin' | 'editor' | 'none' | 'user' | 'member';

export interface Person extends TestIdentity {
  givenName: string;
  rights?: Rights;
}

/** A fresh person for one test, so tests never share accounts. */
export function person(rights: Rights, givenName = 'Test'): Person {
  return { email: `${rights}.${randomUUID().slice(0, 8)}@e2e.example.sg`, givenName, familyName: 'Tester', rights };
}

function database(): Database.Database {
  const db = new Database(join(process.env.UN_E2E_DATA as string, 'server', 'ummahnotify.sqlite'));
  db.pragma('busy_timeout = 5000');
  return db;
}

/**
 * Staff accounts are made ahead of sign-in, the way the committee section grants rights to an email:
 * the row waits, and the first real sign-in with that verified email takes it over.
 */
export function grantRights(email: string, rights: Rights): void {
  const db = database();
  const now = new Date().toISOString();
  db.prepare(
    `INSERT INTO users (id, oidc_sub, email, first_name, last_name, rights, activated, created_at, updated_at)
     VALUES (?, NULL, ?, '', '', ?, 1, ?, ?)
     ON CONFLICT(email) DO UPDATE SET rights = excluded.rights, updated_at = excluded.updated_at`,
  ).run(randomUUID(), email.toLowerCase(), rights, now, now);
  db.close();
}

/**
 * Signs in through the real flow: the login page's button, the local issuer, the server's callback.
 * Rights are granted in the run's SQLite database first (none given: the account's own rights).
 */
export async function signIn(page: Page, who: Person, issuerUrl = ISSUER_URL): Promise<void> {
  if (who.rights && who.rights !== 'none') grantRights(who.email, who.rights);
  await signInAs(page, who, issuerUrl);
}

/** The same sign-in for an account whose rights are already settled (a superadmin email, a committee grant). */
export async function signInAs(page: Page, who: TestIdentity, issuerUrl = ISSUER_URL): Promise<void> {
  await page.context().addCookies([{ name: IDENTITY_COOKIE, value: identityCookieValue(who), url: issuerUrl }]);
  await page.goto('/login');
  await page.getByRole('link', { name: /Sign in with Google|Google மூலம் உள்நுழைக/ }).click();
  await page.waitForURL(
    (url) => !url.pathname.startsWith('/api/') && !url.href.startsWith(issuerUrl) && url.pathname !== '/login',
  );
}

/** A verified masjid, a provider janaza notices can name, stored as the members section stores it. */
export function insertMasjid(m: { id: string; name: string; lastName: string; postal: string; contact: string }): void {
  const db = database();
  const now = new Date().toISOString();
  db.prepare(
    `INSERT INTO members (id, first_name, last_name, postal, email, contact, position, is_verified, is_partner, is_volunteer, business_name, uen, membership_status, registered_on, created_at, updated_at)
     VALUES (?, 'Imam', ?, ?, ?, ?, 'masjid', 1, 0, 0, ?, '', 'active', ?, ?, ?)`,
  ).run(
    m.id,
    m.lastName,
    m.postal,
    `${m.lastName.toLowerCase()}.${m.id.slice(0, 6)}@e2e.example.sg`,
    m.contact,
    m.name,
    now,
    now,
    now,
  );
  db.close();
}

/** `/` is the light public app's landing page, reached by a full page load: done once its heading shows. */
export async function expectLandingPage(page: Page): Promise<void> {
  await expect(page).toHaveURL(/^https?:\/\/[^/]+\/$/);
  await expect(page.locator('#get-notices-title')).toBeVisible();
}
