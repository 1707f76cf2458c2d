import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { JANAZA_PATHS } from '@ummahnotify/domain';
import type { NewSubscriberRow } from '../src/db/schema';
import { readPause, resumeChannel } from '../src/delivery/pauses';
import { type SmtpPeer, startSmtpPeer } from './peers/smtp';
import { client } from './support/client';
import { engines } from './support/databases';
import { deliveriesSettled } from './support/deliveries';
import { startTestServer, type TestServer } from './support/server';
import { eventually, insertMasjid, staffJar } from './support/staff';
import { newSubscriber } from './support/subscriber-rows';

/**
 * A relay that refuses everyone for a while ("550 5.7.1 Relaying denied": the sender's account, RFC 3463
 * §3.8) and one mailbox for good ("550 5.1.1 ... does not exist", Gmail's reply for an unknown account):
 * the first pauses the email channel and loses nobody, the second retires that address alone. Expected
 * answers come from the SMTP peer's record of what it accepted and refused.
 */
for (const engine of engines()) {
  describe(`a relay that refuses the account, then is mended (${engine})`, () => {
    let server: TestServer;
    let smtp: SmtpPeer;
    let api: ReturnType<typeof client>;
    let masjid: string;
    const live = Array.from({ length: 6 }, (_, i) =>
      newSubscriber({ channel: 'email', address: `live${i}@example.sg` }),
    );
    const dead = newSubscriber({ channel: 'email', address: 'no.such.account@example.sg' });
    const everyone: NewSubscriberRow[] = [...live, dead];

    before(async () => {
      smtp = await startSmtpPeer();
      smtp.unknownMailbox(dead.address);
      server = await startTestServer(
        engine,
        { SMTP_URL: smtp.url, MAIL_FROM: 'UmmahNotify <notices@example.sg>' },
        { delivery: { pollMs: 50 } },
      );
      api = client(server.url, await staffJar(server, 'admin@relay.example.sg', 'admin'));
      masjid = await insertMasjid(server.app.db);
      await server.app.db.insertInto('subscribers').values(everyone).execute();
    });
    after(async () => {
      await server?.stop();
      await smtp?.close();
    });

    const approve = async (name: string) => {
      const res = await api.post<{ data?: { _id: string } }>(JANAZA_PATHS.notices, {
        provider: masjid,
        name,
        age: 74,
        postal: '198833',
        address: 'Blk 1 Jalan Sultan',
        dueDate: '2030-05-01T14:30:00+08:00',
        status: 'approved',
      });
      assert.equal(res.status, 201, JSON.stringify(res.body));
    };
    const deliveries = () =>
      server.app.db.selectFrom('deliveries').select(['subscriber_id', 'state', 'waiting', 'error_code']).execute();
    const activeOf = async (id: string) =>
      Number(
        (await server.app.db.selectFrom('subscribers').select('active').where('id', '=', id).executeTakeFirstOrThrow())
          .active,
      );
    const received = (name: string) =>
      smtp.messages
        .filter((m) => m.subject.includes(name))
        .flatMap((m) => m.to)
        .sort();

    test('5.7.1 from the relay pauses the channel: nobody fails, nobody is retired, the deliveries wait', async () => {
      smtp.denyRelaying(true);
      await approve('Haji Relay bin Denied');
      const pause = await eventually(async () => (await readPause(server.app.db, 'email')) ?? false);
      assert.equal(pause.code, 'smtp:5.7.1');
      assert.match(pause.reason, /550 5\.7\.1 Relaying denied/);
      // Every delivery made, none in flight: each one waits (for the account, once it was tried).
      const waiting = await eventually(async () => {
        const rows = await deliveries();
        return rows.length === everyone.length && rows.every((r) => r.state === 'pending') && rows;
      });
      assert.ok(
        waiting.some((r) => r.waiting === 'account'),
        JSON.stringify(waiting),
      );
      assert.ok(
        waiting.every((r) => r.waiting === 'account' || r.waiting === null),
        JSON.stringify(waiting),
      );
      assert.ok(smtp.refused.length > 0);
      assert.deepEqual([...new Set(smtp.refused.map((r) => r.reply))], ['550 5.7.1 Relaying denied']);
      assert.equal(smtp.messages.length, 0);
      for (const person of everyone) assert.equal(await activeOf(person.id), 1, `${person.address} is not retired`);
    });

    test('once the relay is mended and the channel resumed, the six get the notice and the 5.1.1 mailbox alone is retired', async () => {
      smtp.denyRelaying(false);
      await resumeChannel(server.app.db, 'email');
      await deliveriesSettled(server.app.db);
      assert.deepEqual(received('Haji Relay bin Denied'), live.map((p) => p.address).sort());
      const rows = await deliveries();
      const ofDead = rows.find((r) => r.subscriber_id === dead.id);
      assert.deepEqual([ofDead?.state, ofDead?.error_code], ['failed', 'smtp:5.1.1']);
      assert.deepEqual(
        rows.filter((r) => r.subscriber_id !== dead.id).map((r) => r.state),
        live.map(() => 'sent'),
      );
      assert.equal(await activeOf(dead.id), 0, 'the 5.1.1 mailbox is retired');
      for (const person of live) assert.equal(await activeOf(person.id), 1);
      assert.equal(await readPause(server.app.db, 'email'), null);
    });

    test('the next notice reaches the six, and nothing more goes to the retired mailbox', async () => {
      const refusedBefore = smtp.refused.length;
      await approve('Haji Second bin Notice');
      await eventually(async () => received('Haji Second bin Notice').length === live.length);
      await deliveriesSettled(server.app.db);
      assert.deepEqual(received('Haji Second bin Notice'), live.map((p) => p.address).sort());
      assert.equal(smtp.refused.length, refusedBefore, 'no RCPT TO for the retired mailbox');
    });
  });
}
