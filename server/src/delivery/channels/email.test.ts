import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { SIGNUP_API, SIGNUP_PAGES } from '@ummahnotify/core';
import { eventRow, janazaRow, PUBLIC_URL, recipient, renderContext } from '../../../test/peers/message-fixtures';
import { type SmtpPeer, startSmtpPeer } from '../../../test/peers/smtp';
import { GOOGLE_MODE_ENV } from '../../../test/support/server';
import { loadConfig } from '../../config';
import { renderEvent, renderJanaza } from '../messages';
import { createEmailChannel, type EmailChannel } from './email';

const env = (smtpUrl: string) => ({
  NODE_ENV: 'test',
  PUBLIC_URL,
  ...GOOGLE_MODE_ENV,
  SMTP_URL: smtpUrl,
  MAIL_FROM: 'UmmahNotify <notify@example.org>',
});

describe('email channel against a real SMTP server', () => {
  let smtp: SmtpPeer;
  let email: EmailChannel;
  before(async () => {
    smtp = await startSmtpPeer();
    email = await createEmailChannel(loadConfig(env(smtp.url)));
  });
  after(async () => {
    await email.close();
    await smtp.close();
  });

  test('a janaza notice arrives rendered, with the photo, the unsubscribe link and both List-Unsubscribe headers', async () => {
    const to = recipient('email', 'aisha@example.com');
    const message = renderJanaza(janazaRow(), 'en', renderContext);
    assert.deepEqual(await email.send(to, message), { ok: true });
    const [mail] = await smtp.waitFor(1);
    assert.deepEqual(mail.to, ['aisha@example.com']);
    assert.equal(mail.from, 'notify@example.org');
    assert.equal(mail.subject, 'Janaza: Abdul Rahman bin Yusof');
    assert.match(mail.text, /Abdul Rahman bin Yusof \(78\) has passed away/);
    assert.match(mail.text, /Place: Masjid Al-Falah, Masjid Sultan, 3 Muscat St, Singapore 123456\n/);
    assert.ok(mail.text.includes(`Details: ${message.url}`));
    const page = `${PUBLIC_URL}${SIGNUP_PAGES.unsubscribe}?token=${to.token}`;
    assert.ok(mail.text.includes(page), 'the text has the unsubscribe link');
    assert.ok(mail.html.includes(page.replace('&', '&amp;')), 'the HTML has the unsubscribe link');
    assert.equal(mail.headers['list-unsubscribe'], `<${PUBLIC_URL}${SIGNUP_API.oneClickUnsubscribe(to.token)}>`);
    assert.equal(mail.headers['list-unsubscribe-post'], 'List-Unsubscribe=One-Click');
    // RFC 2919 §2: a phrase, then <label.namespace>, under the site's own host
    assert.equal(mail.headers['list-id'], `UmmahNotify janaza notices <janaza.${new URL(PUBLIC_URL).hostname}>`);
    assert.equal(mail.headers['content-language'], 'en');
    assert.ok(mail.html.includes(`<img src="${PUBLIC_URL}/api/public/images/img-42"`));
    assert.ok(mail.html.includes('Burial at Choa Chu Kang &lt;cemetery&gt; &amp; family home'), 'the note is escaped');
    assert.ok(!mail.html.includes('<cemetery>'));
  });

  test('a private notice in Tamil carries neither the name nor a photo', async () => {
    const before = smtp.messages.length;
    const message = renderJanaza(janazaRow({ is_privacy: 1 }), 'ta', renderContext);
    assert.equal(message.imageUrl, null);
    assert.deepEqual(await email.send(recipient('email', 'fatimah@example.com', 'ta'), message), { ok: true });
    const mail = (await smtp.waitFor(before + 1))[before];
    assert.equal(mail.subject, 'ஜனாஸா தொழுகை அறிவிப்பு');
    assert.match(mail.text, /நம் சமூகத்தைச் சேர்ந்த ஒருவர் காலமானார்/);
    assert.match(mail.text, /இச்செய்திகளை நிறுத்த: /);
    assert.equal(mail.headers['content-language'], 'ta');
    assert.ok(!mail.html.includes('<img'), 'no photo');
    assert.ok(!`${mail.text}${mail.html}${mail.subject}`.includes('Abdul Rahman'), 'no name');
  });

  test('an event in Tamil uses the Tamil fields', async () => {
    const before = smtp.messages.length;
    const message = renderEvent(eventRow(), 'ta', renderContext);
    assert.deepEqual(await email.send(recipient('email', 'kumar@example.com', 'ta'), message), { ok: true });
    const mail = (await smtp.waitFor(before + 1))[before];
    assert.equal(mail.subject, 'குர்ஆன் கல்வி வட்டம்');
    assert.match(mail.text, /இடம்: மஸ்ஜித் அப்துல் கஃபூர்/);
    assert.match(mail.html, /<html lang="ta">/);
    assert.equal(mail.headers['list-id'], `UmmahNotify events <events.${new URL(PUBLIC_URL).hostname}>`);
    assert.equal(mail.headers['list-unsubscribe-post'], 'List-Unsubscribe=One-Click');
  });

  test('the confirmation mail holds the link, in the chosen language, and no unsubscribe headers', async () => {
    const before = smtp.messages.length;
    const link = `${PUBLIC_URL}${SIGNUP_PAGES.confirmEmail}?token=confirm_0123456789abcdef`;
    assert.deepEqual(await email.sendConfirmation('new@example.com', link, 'ta'), { ok: true });
    const mail = (await smtp.waitFor(before + 1))[before];
    assert.equal(mail.subject, 'UmmahNotify பதிவை உறுதிப்படுத்துங்கள்');
    assert.ok(mail.text.includes(link));
    assert.ok(mail.html.includes(`href="${link}"`));
    assert.equal(mail.headers['list-unsubscribe'], undefined);
    assert.equal(mail.headers['list-id'], undefined, 'a confirmation is no list mail');
  });

  test("5.1.1 on the recipient is gone, 5.7.1 is the account's, a bare 550 fails that mail only, 451 (greylisting) waits", async () => {
    const message = renderJanaza(janazaRow(), 'en', renderContext);
    smtp.unknownMailbox('nobody@example.com');
    smtp.rejectRecipient('bare@example.com', 550, 'No such user here');
    smtp.rejectRecipient('busy@example.com', 451, 'Greylisted, try again later');
    smtp.rejectRecipient('policy@example.com', 554, '5.7.1 Rejected by policy');
    const gone = await email.send(recipient('email', 'nobody@example.com'), message);
    assert.deepEqual(!gone.ok && [gone.kind, 'code' in gone && gone.code], ['gone', 'smtp:5.1.1']);
    assert.match(!gone.ok ? gone.error : '', /550 5\.1\.1 The email account that you tried to reach does not exist/);
    const bare = await email.send(recipient('email', 'bare@example.com'), message);
    assert.deepEqual(!bare.ok && [bare.kind, 'code' in bare && bare.code], ['permanent', 'smtp:550']);
    const later = await email.send(recipient('email', 'busy@example.com'), message);
    assert.deepEqual(!later.ok && later.kind === 'paced' && [later.scope, later.retryAfterMs], ['recipient', 60_000]);
    const policy = await email.send(recipient('email', 'policy@example.com'), message);
    assert.deepEqual(!policy.ok && [policy.kind, 'code' in policy && policy.code], ['account', 'smtp:5.7.1']);
    smtp.denyRelaying(true);
    const relay = await email.send(recipient('email', 'aisha@example.com'), message);
    smtp.denyRelaying(false);
    assert.deepEqual(!relay.ok && [relay.kind, 'code' in relay && relay.code], ['account', 'smtp:5.7.1']);
    assert.deepEqual(await email.send(recipient('email', 'aisha@example.com'), message), { ok: true });
  });
});

describe('email channel configuration', () => {
  test('off, naming the missing setting, when SMTP_URL or MAIL_FROM is unset', async () => {
    const none = await createEmailChannel(loadConfig({ NODE_ENV: 'test' }));
    assert.deepEqual(none.state, {
      channel: 'email',
      enabled: false,
      reason: 'SMTP_URL and MAIL_FROM are not set',
      reasonKey: 'reason.notSet2',
      reasonParams: { a: 'SMTP_URL', b: 'MAIL_FROM' },
    });
    const noFrom = await createEmailChannel(loadConfig({ NODE_ENV: 'test', SMTP_URL: 'smtp://127.0.0.1:1' }));
    assert.equal(noFrom.state.reason, 'MAIL_FROM is not set');
    const outcome = await noFrom.send(
      recipient('email', 'a@example.com'),
      renderEvent(eventRow(), 'en', renderContext),
    );
    assert.equal(!outcome.ok && outcome.kind, 'permanent');
  });

  test('an SMTP server that cannot be reached is a temporary failure, not a throw', async () => {
    const smtp = await startSmtpPeer();
    const url = smtp.url;
    await smtp.close();
    const email = await createEmailChannel(loadConfig(env(url)));
    try {
      const outcome = await email.send(
        recipient('email', 'a@example.com'),
        renderEvent(eventRow(), 'en', renderContext),
      );
      assert.equal(!outcome.ok && outcome.kind, 'temporary');
    } finally {
      await email.close();
    }
  });
});

describe('email channel against an SMTP server over its rate', () => {
  for (const code of [421, 451] as const) {
    test(`${code} over the rate is the account's slow-down, naming no time, not the recipient's failure`, async () => {
      const smtp = await startSmtpPeer({ pace: { perSecond: 1, code } });
      const email = await createEmailChannel(loadConfig(env(smtp.url)));
      try {
        const message = renderEvent(eventRow(), 'en', renderContext);
        assert.deepEqual(await email.send(recipient('email', 'first@example.com'), message), { ok: true });
        const refused = await email.send(recipient('email', 'second@example.com'), message);
        assert.deepEqual(!refused.ok && refused.kind === 'paced' && [refused.scope, refused.unstated], [
          'channel',
          true,
        ]);
        assert.match(!refused.ok ? refused.error : '', new RegExp(`^${code} `));
      } finally {
        await email.close();
        await smtp.close();
      }
    });
  }
});
