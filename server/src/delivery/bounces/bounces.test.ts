import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { EVENT_PATHS } from '@ummahnotify/domain';
import {
  type Bounced,
  gmailHardBounce,
  gmailSoftBounce,
  outlookComplaint,
  outlookHardBounce,
  yahooComplaint,
  yahooHardBounce,
} from '../../../test/peers/bounce-fixtures';
import { type ImapPeer, startImapPeer } from '../../../test/peers/imap';
import { type ReceivedMail, type SmtpPeer, startSmtpPeer } from '../../../test/peers/smtp';
import { client } from '../../../test/support/client';
import { engines } from '../../../test/support/databases';
import { deliveriesSettled } from '../../../test/support/deliveries';
import { startTestServer, type TestServer } from '../../../test/support/server';
import { createEvent, eventually, staffJar } from '../../../test/support/staff';
import { newSubscriber } from '../../../test/support/subscriber-rows';
import type { NewSubscriberRow } from '../../db/schema';
import { imapOptions } from './reader';

const BOUNCE_ADDRESS = 'bounces@example.org';
/** RFC 5321 §4.5.3.1.1: a local part is at most 64 octets; ours is bounces+<26 hex>. */
const VERP = /^bounces\+([0-9a-f]{26})@example\.org$/;

/**
 * Bounces and complaints that arrive after the relay accepted a mail, through the real server, a real SMTP
 * server that receives the notices and a real IMAP server (Dovecot) holding the reports as Gmail, Outlook and
 * Yahoo send them (test/peers/bounce-fixtures.ts).
 */
for (const engine of engines()) {
  describe(`bounces and complaints (${engine})`, () => {
    let server: TestServer;
    let smtp: SmtpPeer;
    let imap: ImapPeer;
    const people: Record<string, NewSubscriberRow> = {};
    let jar: Awaited<ReturnType<typeof staffJar>>;

    const db = () => server.app.db;
    const mailTo = (mails: ReceivedMail[], who: string) => {
      const mail = mails.find((m) => m.to.includes(people[who].address));
      assert.ok(mail, `a mail to ${who}`);
      return mail;
    };
    const bounced = (mail: ReceivedMail, who: string): Bounced => ({
      bouncedTo: mail.envelopeFrom,
      recipient: people[who].address,
      original: mail.raw,
    });
    const subscriber = (who: string) =>
      db()
        .selectFrom('subscribers')
        .select(['active', 'deactivated_at', 'soft_bounces'])
        .where('id', '=', people[who].id)
        .executeTakeFirstOrThrow();
    const deliveryOf = (who: string, outboxCount: number) =>
      db()
        .selectFrom('deliveries')
        .innerJoin('outbox', 'outbox.id', 'deliveries.outbox_id')
        .select(['deliveries.state', 'error_code', 'last_error', 'provider_id'])
        .where('subscriber_id', '=', people[who].id)
        .orderBy('outbox.created_at')
        .execute()
        .then((rows) => rows[outboxCount - 1]);
    /** Publishes a new event and waits until its mails are sent; the mails it sent. */
    const broadcast = async (heading: string): Promise<ReceivedMail[]> => {
      const before = smtp.messages.length;
      const id = await createEvent(server, jar, { heading });
      assert.equal((await client(server.url, jar).patch(EVENT_PATHS.publish(id))).status, 200);
      await deliveriesSettled(db());
      return smtp.messages.slice(before);
    };

    before(async () => {
      smtp = await startSmtpPeer();
      imap = await startImapPeer();
      server = await startTestServer(
        engine,
        {
          SMTP_URL: smtp.url,
          MAIL_FROM: 'UmmahNotify <notify@example.org>',
          BOUNCE_ADDRESS,
          BOUNCE_IMAP_URL: imap.url,
        },
        { delivery: { retry: { maxAttempts: 3, baseDelayMs: 50, maxDelayMs: 200 }, pollMs: 50 } },
      );
      jar = await staffJar(server, 'editor@bounces.example.sg', 'editor');
      for (const who of ['gmail', 'outlook', 'yahoo', 'full', 'yahooSpam', 'outlookSpam', 'forged', 'alive'])
        people[who] = newSubscriber({ channel: 'email', address: `${who.toLowerCase()}@mail.example.sg` });
      await db().insertInto('subscribers').values(Object.values(people)).execute();
    });
    after(async () => {
      await server?.stop();
      await Promise.all([smtp?.close(), imap?.close()]);
    });

    let first: ReceivedMail[] = [];

    test('each mail goes from bounces+<tag>, the tag its delivery keeps and names in X-UmmahNotify-Delivery', async () => {
      first = await broadcast('Family Day');
      assert.equal(first.length, 8);
      const tags = new Set<string>();
      for (const who of Object.keys(people)) {
        const mail = mailTo(first, who);
        const tag = VERP.exec(mail.envelopeFrom)?.[1];
        assert.ok(tag, `the envelope sender ${mail.envelopeFrom} carries a tag`);
        assert.equal(mail.headers['x-ummahnotify-delivery'], tag);
        assert.equal(mail.from, 'notify@example.org', 'the From is unchanged');
        assert.equal((await deliveryOf(who, 1)).provider_id, tag, 'the delivery keeps its tag');
        tags.add(tag);
      }
      assert.equal(tags.size, 8, 'one tag per delivery');
    });

    test('hard bounces fail and retire, a soft bounce counts once, complaints unsubscribe, a forged bounce changes nothing', async () => {
      const forgedTag = 'f'.repeat(26);
      const forgedOriginal = mailTo(first, 'forged').raw.replace(
        /X-UmmahNotify-Delivery: [0-9a-f]+/i,
        `X-UmmahNotify-Delivery: ${forgedTag}`,
      );
      const forged = await gmailHardBounce({
        bouncedTo: `bounces+${forgedTag}@example.org`,
        recipient: people.forged.address,
        original: forgedOriginal,
      });
      assert.ok(forged.includes('gmail-dsn-0001'), 'the forged bounce has its Message-ID');
      const reports = [
        await gmailHardBounce(bounced(mailTo(first, 'gmail'), 'gmail')),
        await outlookHardBounce(bounced(mailTo(first, 'outlook'), 'outlook')),
        await yahooHardBounce(bounced(mailTo(first, 'yahoo'), 'yahoo')),
        await gmailSoftBounce(bounced(mailTo(first, 'full'), 'full')),
        // the relay's second "still delayed" notice for the same mail
        await gmailSoftBounce(bounced(mailTo(first, 'full'), 'full')),
        await yahooComplaint(bounced(mailTo(first, 'yahooSpam'), 'yahooSpam')),
        await outlookComplaint(bounced(mailTo(first, 'outlookSpam'), 'outlookSpam')),
        forged.replace('gmail-dsn-0001', 'forged-0001'),
      ];
      for (const raw of reports) await imap.drop(raw);

      // Every report is read: the ones that named a delivery are gone, the forged one is left seen.
      const left = await eventually(async () => {
        const inbox = await imap.inbox();
        return inbox.length === 1 && inbox[0].seen && inbox;
      });
      assert.equal(left[0].messageId, '<forged-0001@mx.google.com>');

      // RFC 3463: 5.1.1 bad destination mailbox address, 5.1.10 Microsoft's "recipient not found": retired.
      for (const [who, code, words] of [
        ['gmail', 'bounce:5.1.1', /550-5\.1\.1 The email account that you tried to reach does not exist/],
        ['outlook', 'bounce:5.1.10', /RESOLVER\.ADR\.RecipientNotFound/],
      ] as const) {
        const delivery = await deliveryOf(who, 1);
        assert.equal(delivery.state, 'failed', who);
        assert.equal(delivery.error_code, code);
        assert.match(delivery.last_error ?? '', words);
        const s = await subscriber(who);
        assert.equal(s.active, 0, `${who} is retired`);
        assert.ok(s.deactivated_at);
      }
      // 5.0.0 says nothing of the mailbox (the decision: only 5.1.x and 5.2.1 retire): this mail failed, the address stays.
      const yahoo = await deliveryOf('yahoo', 1);
      assert.equal(yahoo.state, 'failed');
      assert.equal(yahoo.error_code, 'bounce:5.0.0');
      assert.match(yahoo.last_error ?? '', /doesn't have a yahoo\.com account/);
      assert.equal((await subscriber('yahoo')).active, 1);

      const full = await deliveryOf('full', 1);
      assert.equal(full.state, 'sent', 'a delayed mail may still arrive');
      assert.equal(full.error_code, 'bounce:4.2.2');
      assert.equal((await subscriber('full')).soft_bounces, 1, 'two notices for one mail count once');
      assert.equal((await subscriber('full')).active, 1);

      for (const who of ['yahooSpam', 'outlookSpam']) {
        const delivery = await deliveryOf(who, 1);
        assert.equal(delivery.state, 'sent', 'the complained-of mail did arrive');
        assert.equal(delivery.error_code, 'complaint');
        assert.equal((await subscriber(who)).active, 0, `${who} is unsubscribed`);
      }
      const untouched = await deliveryOf('forged', 1);
      assert.equal(untouched.state, 'sent');
      assert.equal(untouched.error_code, null);
      assert.equal((await subscriber('forged')).active, 1);
    });

    test('the next notices go to nobody retired; three soft bounces in a row retire the address', async () => {
      const second = await broadcast('Quran Circle');
      assert.deepEqual(
        second.map((m) => m.to[0]).sort(),
        ['alive', 'forged', 'full', 'yahoo'].map((w) => people[w].address).sort(),
      );
      // This relay names the delivery only by the ENVID it was given (RFC 3461), the DSN sent to the plain address.
      const tag = VERP.exec(mailTo(second, 'full').envelopeFrom)?.[1];
      await imap.drop(await gmailSoftBounce({ bouncedTo: BOUNCE_ADDRESS, recipient: people.full.address }, tag));
      await eventually(async () => (await subscriber('full')).soft_bounces === 2);
      assert.equal((await subscriber('full')).active, 1);

      const third = await broadcast('Youth Camp');
      assert.ok(third.some((m) => m.to.includes(people.full.address)));
      await imap.drop(await gmailSoftBounce(bounced(mailTo(third, 'full'), 'full')));
      await eventually(async () => (await subscriber('full')).active === 0);
      assert.equal((await subscriber('full')).soft_bounces, 3);
      assert.equal((await deliveryOf('full', 3)).state, 'sent');

      const fourth = await broadcast('Eid Bazaar');
      assert.deepEqual(
        fourth.map((m) => m.to[0]).sort(),
        ['alive', 'forged', 'yahoo'].map((w) => people[w].address).sort(),
      );
    });
  });
}

describe('BOUNCE_IMAP_URL', () => {
  test('imaps:// is TLS on 993 by default, imap:// 143; the path is the mailbox; tls.* passes through', () => {
    const { options, mailbox } = imapOptions(
      'imaps://bounce%40example.org:p%40ss@mail.example.org/Bounces?tls.rejectUnauthorized=false',
    );
    assert.equal(options.secure, true);
    assert.equal(options.port, 993);
    assert.deepEqual(options.auth, { user: 'bounce@example.org', pass: 'p@ss' });
    assert.deepEqual(options.tls, { rejectUnauthorized: false });
    assert.equal(mailbox, 'Bounces');
    const plain = imapOptions('imap://u:p@127.0.0.1:1143');
    assert.equal(plain.options.secure, false);
    assert.equal(plain.options.port, 1143);
    assert.equal(plain.mailbox, 'INBOX');
    assert.equal(imapOptions('imap://u:p@mail.example.org/INBOX').options.port, 143);
  });
});
