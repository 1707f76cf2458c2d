import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { engines } from '../../test/support/databases';
import { startTestServer, type TestServer } from '../../test/support/server';
import { getJson, signIn } from '../../test/support/sign-in';
import { purgeSessions } from './sessions';

const MINUTE = 60_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

for (const engine of engines()) {
  describe(`sessions end when idle or expired, and ended ones are deleted (${engine})`, () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer(engine, { SESSION_IDLE_MINUTES: '30' });
    });
    after(async () => server.stop());

    const sessionsOf = (email: string) =>
      server.app.db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .select(['sessions.id', 'sessions.last_seen_at'])
        .where('users.email', '=', email)
        .execute();
    const setLastSeen = (email: string, at: string) =>
      server.app.db
        .updateTable('sessions')
        .set({ last_seen_at: at })
        .where('user_id', 'in', (eb) => eb.selectFrom('users').select('id').where('email', '=', email))
        .execute();

    test('a session unused for SESSION_IDLE_MINUTES (30) ends and its row goes', async () => {
      const { jar } = await signIn(server.url, { email: 'idle@sessions.example.sg' });
      await setLastSeen('idle@sessions.example.sg', ago(31 * MINUTE));
      assert.equal((await getJson(`${server.url}/api/protected`, jar)).status, 401);
      assert.equal((await sessionsOf('idle@sessions.example.sg')).length, 0);
    });

    test('a session in use stays: each call moves last_seen_at on', async () => {
      const { jar } = await signIn(server.url, { email: 'busy@sessions.example.sg' });
      await setLastSeen('busy@sessions.example.sg', ago(29 * MINUTE));
      const called = Date.now();
      assert.equal((await getJson(`${server.url}/api/protected`, jar)).status, 200);
      const [row] = await sessionsOf('busy@sessions.example.sg');
      assert.ok(Date.parse(row.last_seen_at) >= called, `last_seen_at moved to the call: ${row.last_seen_at}`);
      await setLastSeen('busy@sessions.example.sg', ago(29 * MINUTE));
      assert.equal((await getJson(`${server.url}/api/protected`, jar)).status, 200, 'still alive 58 minutes in');
    });

    test('the purge deletes expired and idle sessions and keeps live ones', async () => {
      await signIn(server.url, { email: 'live@sessions.example.sg' });
      await signIn(server.url, { email: 'stale@sessions.example.sg' });
      await signIn(server.url, { email: 'expired@sessions.example.sg' });
      await setLastSeen('stale@sessions.example.sg', ago(45 * MINUTE));
      await server.app.db
        .updateTable('sessions')
        .set({ expires_at: ago(1000) })
        .where('user_id', 'in', (eb) =>
          eb.selectFrom('users').select('id').where('email', '=', 'expired@sessions.example.sg'),
        )
        .execute();
      const deleted = await purgeSessions(server.app.db, 30 * MINUTE);
      assert.ok(deleted >= 2);
      assert.equal((await sessionsOf('live@sessions.example.sg')).length, 1);
      assert.equal((await sessionsOf('stale@sessions.example.sg')).length, 0);
      assert.equal((await sessionsOf('expired@sessions.example.sg')).length, 0);
    });
  });
}
