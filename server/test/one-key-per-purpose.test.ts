import assert from 'node:assert/strict';
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { SIGNUP_API } from '@ummahnotify/core';
import { JANAZA_PATHS } from '@ummahnotify/domain';
import { migratorFor } from '../src/db/migrate';
import { type ReceivedMail, type SmtpPeer, startSmtpPeer } from './peers/smtp';
import { client } from './support/client';
import { connectAsServer, engines, freshDatabase, type TestDatabase } from './support/databases';
import { withProof } from './support/proof';
import { startTestServer, type TestServer } from './support/server';
import { getJson } from './support/sign-in';
import { eventually, insertMasjid, staffJar } from './support/staff';
import { newSubscriber } from './support/subscriber-rows';

/**
 * The keys of the session cookies and of the links the server sends are not one key
 * (docs/decisions/2026-11-28-one-key-per-purpose.md): a link is not a cookie's signature, rotating SESSION_SECRET
 * ends the sessions and nothing else, and the links sent before keys were split keep working.
 */

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
/**
 * The unsubscribe link's secret as the version before this one made it, written out here: an HMAC-SHA256 of
 * "ummahnotify unsubscribe link v1:<subscriber id>" under SESSION_SECRET itself, in base64url.
 */
const linkBefore = (sessionSecret: string, subscriberId: string) =>
  createHmac('sha256', sessionSecret).update(`ummahnotify unsubscribe link v1:${subscriberId}`).digest('base64url');
/** The last migration of the version before: its database is what the links above were made against. */
const MIGRATION_BEFORE = '2026-11-28-120-delivery-feedback';

const MAIL_ENV = (smtp: SmtpPeer) => ({ SMTP_URL: smtp.url, MAIL_FROM: 'UmmahNotify <notices@example.sg>' });

/** The secret in a mail's one-click unsubscribe link (List-Unsubscribe, RFC 8058). */
function linkIn(mail: ReceivedMail): string {
  const oneClick = /^<([^>]+)>$/.exec(mail.headers['list-unsubscribe'] ?? '')?.[1];
  assert.ok(oneClick, JSON.stringify(mail.headers));
  return decodeURIComponent(oneClick.split('/').at(-1) ?? '');
}

/** Sends a public janaza notice as an admin of `server`; the mails to `to` that it made, by address. */
async function noticeMails(server: TestServer, smtp: SmtpPeer, to: string[]): Promise<Map<string, ReceivedMail>> {
  const before = smtp.messages.length;
  const api = client(
    server.url,
    await staffJar(server, `admin.${randomBytes(3).toString('hex')}@keys.example.sg`, 'admin'),
  );
  const res = await api.post(JANAZA_PATHS.notices, {
    provider: await insertMasjid(server.app.db),
    name: 'Haji Keys Test',
    // Each test's notice is its own (the same name again would be a duplicate to confirm).
    confirmDuplicate: true,
    age: 70,
    postal: '198833',
    dueDate: '2030-05-01T14:30:00+08:00',
    status: 'approved',
  });
  assert.equal(res.status, 201);
  const mails = await eventually(async () => {
    const sent = smtp.messages.slice(before).filter((m) => to.includes(m.to[0]));
    return sent.length >= to.length && sent;
  });
  return new Map(mails.map((m) => [m.to[0], m]));
}

async function unsubscribe(server: TestServer, token: string): Promise<number> {
  const res = await fetch(`${server.url}${SIGNUP_API.oneClickUnsubscribe(encodeURIComponent(token))}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'List-Unsubscribe=One-Click',
  });
  await res.arrayBuffer();
  return res.status;
}

const isActive = async (server: TestServer, id: string) =>
  Number(
    (await server.app.db.selectFrom('subscribers').select('active').where('id', '=', id).executeTakeFirstOrThrow())
      .active,
  ) === 1;

for (const engine of engines()) {
  describe(`one key per purpose (${engine})`, () => {
    let smtp: SmtpPeer;
    before(async () => {
      smtp = await startSmtpPeer();
    });
    after(async () => smtp?.close());

    test('links sent before the keys were split keep working: the HMAC ones and the older random ones', async () => {
      const database = await freshDatabase(engine);
      const secret = 'the-session-secret-of-the-version-before-0123';
      const [a, b, c] = ['a', 'b', 'c'].map((n) =>
        newSubscriber({ channel: 'email', address: `${n}.${randomBytes(3).toString('hex')}@before.example.sg` }),
      );
      const random = randomBytes(32).toString('base64url');
      // The database as the version before left it: A and C were sent links keyed by SESSION_SECRET, C has a random
      // link from before those, B was never sent a mail.
      const db = connectAsServer(database);
      try {
        await migratorFor(db).migrateTo(MIGRATION_BEFORE);
        // biome-ignore lint/suspicious/noExplicitAny: the table as it was before
        const old = db as any;
        await old
          .insertInto('subscribers')
          .values([
            { ...a, token_hash: sha256(linkBefore(secret, a.id)) },
            { ...b },
            { ...c, token_hash: sha256(linkBefore(secret, c.id)), legacy_token_hash: sha256(random) },
          ])
          .execute();
      } finally {
        await db.destroy();
      }
      const server = await startTestServer(engine, { SESSION_SECRET: secret, ...MAIL_ENV(smtp) }, { database });
      try {
        const mails = await noticeMails(server, smtp, [a.address, b.address, c.address]);
        const linkNow = linkIn(mails.get(a.address) as ReceivedMail);
        assert.notEqual(linkNow, linkBefore(secret, a.id), "the links' key is no longer SESSION_SECRET");

        assert.equal(await unsubscribe(server, linkBefore(secret, a.id)), 200, "A's link from before");
        assert.equal(await isActive(server, a.id), false);
        assert.equal(await unsubscribe(server, random), 200, "C's random link from before that");
        assert.equal(await isActive(server, c.id), false);
        assert.equal(await unsubscribe(server, linkIn(mails.get(b.address) as ReceivedMail)), 200, "B's new link");
        assert.equal(await isActive(server, b.id), false);
        assert.equal(await unsubscribe(server, randomBytes(32).toString('base64url')), 404, 'an unknown link');
      } finally {
        await server.stop();
        await database.drop();
      }
    });

    test("a link's secret is not a valid cookie signature of its own value", async () => {
      const server = await startTestServer(engine, MAIL_ENV(smtp));
      try {
        const subscriber = newSubscriber({ channel: 'email' });
        await server.app.db.insertInto('subscribers').values(subscriber).execute();
        const token = linkIn(
          (await noticeMails(server, smtp, [subscriber.address])).get(subscriber.address) as ReceivedMail,
        );
        // @fastify/cookie signs `value` as `value.<base64 HMAC-SHA256 of value, without padding>`; the link's secret
        // is an HMAC of "ummahnotify unsubscribe link v1:<id>" in base64url.
        const value = `ummahnotify unsubscribe link v1:${subscriber.id}`;
        const asSignature = token.replaceAll('-', '+').replaceAll('_', '/');
        assert.equal(server.app.unsignCookie(`${value}.${asSignature}`).valid, false);
        // What the server signs itself does verify: the check above could have said yes.
        assert.equal(server.app.unsignCookie(server.app.signCookie(value)).valid, true);
      } finally {
        await server.stop();
      }
    });

    test('rotating SESSION_SECRET ends every session; unsubscribe and confirmation links keep working, unchanged', async () => {
      const database: TestDatabase = await freshDatabase(engine);
      const [d, e] = ['d', 'e'].map((n) =>
        newSubscriber({ channel: 'email', address: `${n}.${randomBytes(3).toString('hex')}@rotate.example.sg` }),
      );
      const first = await startTestServer(
        engine,
        { SESSION_SECRET: 'the-first-session-secret-0123456789abcdef', ...MAIL_ENV(smtp) },
        { database },
      );
      let jar: Awaited<ReturnType<typeof staffJar>>;
      let sentBefore: Map<string, ReceivedMail>;
      let confirmation: string;
      try {
        await first.app.db.insertInto('subscribers').values([d, e]).execute();
        jar = await staffJar(first, 'admin.rotate@keys.example.sg', 'admin');
        assert.equal((await getJson(`${first.url}/api/protected`, jar)).status, 200);
        sentBefore = await noticeMails(first, smtp, [d.address, e.address]);
        // A sign-up whose confirmation link is still in the inbox when the secret changes.
        const mails = smtp.messages.length;
        const path = SIGNUP_API.email;
        const body = await withProof(first.url, path, {
          email: 'pending@rotate.example.sg',
          topics: ['janaza'],
          language: 'en',
        });
        const signup = await fetch(`${first.url}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        assert.equal(signup.status, 202);
        const [mail] = (await smtp.waitFor(mails + 1)).slice(mails);
        confirmation = /[?&]token=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1] ?? '';
        assert.ok(confirmation, mail.text);
      } finally {
        await first.stop();
      }

      const second = await startTestServer(
        engine,
        { SESSION_SECRET: 'the-second-session-secret-0123456789abcdef', ...MAIL_ENV(smtp) },
        { database },
      );
      try {
        assert.equal((await getJson(`${second.url}/api/protected`, jar)).status, 401, 'the session is over');

        const confirmed = await fetch(`${second.url}${SIGNUP_API.emailConfirm}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ token: confirmation }),
        });
        assert.equal(confirmed.status, 200, 'the confirmation link sent before works');
        assert.deepEqual(await confirmed.json(), { status: 'confirmed' });

        const sentAfter = await noticeMails(second, smtp, [e.address]);
        assert.equal(
          linkIn(sentAfter.get(e.address) as ReceivedMail),
          linkIn(sentBefore.get(e.address) as ReceivedMail),
          'a subscriber is sent the same link after the rotation',
        );
        assert.equal(await unsubscribe(second, linkIn(sentBefore.get(d.address) as ReceivedMail)), 200);
        assert.equal(await isActive(second, d.id), false);
      } finally {
        await second.stop();
        await database.drop();
      }
    });
  });
}
