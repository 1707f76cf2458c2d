import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { SIGNUP_API } from '@ummahnotify/core';
import { engines } from '../../../test/support/databases';
import { startTestServer, type TestServer } from '../../../test/support/server';
import { newSubscriber } from '../../../test/support/subscriber-rows';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * RFC 8058 §3.2: the mail receiver posts `List-Unsubscribe=One-Click` to the List-Unsubscribe URL, from its
 * own servers (Gmail, https://support.google.com/mail/answer/81126, "Make it easy to unsubscribe"): after a
 * broadcast, many people's unsubscribes arrive from one address, and none may be refused for it.
 */
for (const engine of engines()) {
  describe(`one-click unsubscribe is limited per link, not per address (${engine})`, () => {
    let server: TestServer;
    const tokens = Array.from({ length: 50 }, () => randomBytes(32).toString('base64url'));
    const people = tokens.map((token) => newSubscriber({ channel: 'email', token_hash: sha256(token) }));

    before(async () => {
      server = await startTestServer(engine);
      await server.app.db.insertInto('subscribers').values(people).execute();
    });
    after(async () => {
      await server?.stop();
    });

    const post = (token: string) =>
      fetch(`${server.url}${SIGNUP_API.oneClickUnsubscribe(token)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });

    test('50 people unsubscribing from one address within a minute all succeed', async () => {
      const statuses = [];
      for (const token of tokens) statuses.push((await post(token)).status);
      assert.deepEqual(
        statuses,
        tokens.map(() => 200),
      );
      const active = await server.app.db
        .selectFrom('subscribers')
        .select('active')
        .where(
          'id',
          'in',
          people.map((p) => p.id),
        )
        .execute();
      assert.deepEqual(
        active.map((r) => Number(r.active)),
        people.map(() => 0),
      );
    });

    test('one link posted again and again: a few go through, then 429', async () => {
      const [token] = tokens;
      const statuses = [];
      for (let i = 0; i < 20; i++) statuses.push((await post(token as string)).status);
      // its first post was in the test above; a provider retrying it a couple more times is answered
      assert.deepEqual(statuses.slice(0, 2), [200, 200]);
      assert.equal(statuses.at(-1), 429);
      const firstRefused = statuses.indexOf(429);
      assert.ok(
        statuses.slice(firstRefused).every((s) => s === 429),
        statuses.join(' '),
      );
    });

    test('a wrong token still gets the route refusal (404 unknown link, 400 malformed), not a 429', async () => {
      const statuses = [];
      for (let i = 0; i < 20; i++) statuses.push((await post(randomBytes(32).toString('base64url'))).status);
      assert.deepEqual(
        statuses,
        statuses.map(() => 404),
      );
      assert.equal((await post('short')).status, 400);
    });
  });
}
