import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { dkimVerify } from 'mailauth/lib/dkim/verify';
import { eventRow, janazaRow, PUBLIC_URL, recipient, renderContext } from '../../../test/peers/message-fixtures';
import { type SmtpPeer, startSmtpPeer } from '../../../test/peers/smtp';
import { GOOGLE_MODE_ENV } from '../../../test/support/server';
import { loadConfig } from '../../config';
import { renderEvent, renderJanaza } from '../messages';
import { createEmailChannel, type EmailChannel } from './email';

const SELECTOR = 'un2026';
const DOMAIN = 'example.org';

/**
 * The DKIM TXT record as README "Mail that Gmail and Yahoo accept" tells the operator to publish it: the
 * public key derived from the private key with openssl (RFC 6376 §3.6.1: v=DKIM1; k=rsa; p=<base64 DER>).
 */
function publishedRecord(privateKeyFile: string): string {
  const der = execFileSync('openssl', ['rsa', '-in', privateKeyFile, '-pubout', '-outform', 'DER'], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  return `v=DKIM1; k=rsa; p=${der.toString('base64')}`;
}

/** mailauth's resolver option (dns.promises.resolve's shape): only the test's record exists. */
const resolverFor = (record: string) => async (name: string, type: string) => {
  if (type === 'TXT' && name === `${SELECTOR}._domainkey.${DOMAIN}`) return [[record]];
  throw Object.assign(new Error(`queryTxt ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
};

describe('DKIM: every mail is signed with the configured key, verified by an independent verifier (mailauth)', () => {
  let smtp: SmtpPeer;
  let email: EmailChannel;
  let record: string;

  before(async () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const file = join(mkdtempSync(join(tmpdir(), 'dkim-')), 'dkim.pem');
    writeFileSync(file, pem, { mode: 0o600 });
    record = publishedRecord(file);
    smtp = await startSmtpPeer();
    const config = loadConfig({
      NODE_ENV: 'test',
      PUBLIC_URL,
      ...GOOGLE_MODE_ENV,
      SMTP_URL: smtp.url,
      MAIL_FROM: `UmmahNotify <notify@${DOMAIN}>`,
      DKIM_DOMAIN: DOMAIN,
      DKIM_SELECTOR: SELECTOR,
      DKIM_PRIVATE_KEY_FILE: file,
    });
    email = await createEmailChannel(config);
  });
  after(async () => {
    await email.close();
    await smtp.close();
  });

  const verify = async (raw: string) => {
    const { results } = await dkimVerify(Buffer.from(raw), { resolver: resolverFor(record) });
    assert.equal(results.length, 1, 'one signature');
    return results[0] as unknown as {
      status: { result: string; comment?: string; aligned?: string | false };
      signingDomain: string;
      selector: string;
      signingHeaders: { keys: string | string[] };
    };
  };

  test('a notice verifies, signed by d=example.org over From, To, Subject, Date, Message-ID and the list headers', async () => {
    const to = recipient('email', 'aisha@example.com');
    assert.deepEqual(await email.send(to, renderJanaza(janazaRow(), 'en', renderContext)), { ok: true });
    const [mail] = await smtp.waitFor(1);
    const result = await verify(mail.raw);
    assert.equal(result.status.result, 'pass', JSON.stringify(result.status));
    assert.equal(result.signingDomain, DOMAIN);
    assert.equal(result.selector, SELECTOR);
    assert.equal(result.status.aligned, DOMAIN, 'aligned with the From domain (DMARC)');
    const signed = String(result.signingHeaders.keys)
      .toLowerCase()
      .split(/\s*:\s*/);
    for (const header of [
      'from',
      'to',
      'subject',
      'date',
      'message-id',
      'list-id',
      'list-unsubscribe',
      'list-unsubscribe-post',
    ]) {
      assert.ok(signed.includes(header), `${header} is signed (h=${signed.join(':')})`);
    }
  });

  test('the same mail with its body changed after signing does not verify; nor with another unsubscribe link', async () => {
    const before = smtp.messages.length;
    const message = renderEvent(eventRow(), 'en', renderContext);
    assert.deepEqual(await email.send(recipient('email', 'kumar@example.com'), message), { ok: true });
    const mail = (await smtp.waitFor(before + 1))[before];
    assert.equal((await verify(mail.raw)).status.result, 'pass');
    const [head, ...body] = mail.raw.split('\r\n\r\n');
    const changedBody = [head, ...body].join('\r\n\r\n').replace(/Masjid/, 'Masjed');
    assert.notEqual(changedBody, mail.raw, 'the body held the word changed');
    assert.ok(body.join('').includes('Masjid') && changedBody.startsWith(head));
    // RFC 6376 §6.1.3: "body hash did not verify"; mailauth reports it as neutral, never pass
    const changed = await verify(changedBody);
    assert.notEqual(changed.status.result, 'pass');
    assert.match(changed.status.comment ?? '', /body hash did not verify/, JSON.stringify(changed.status));
    const otherLink = mail.raw.replace(/^(List-Unsubscribe:\s*<[^>]*)>/m, '$1x>');
    assert.notEqual(otherLink, mail.raw);
    const relinked = await verify(otherLink);
    assert.equal(relinked.status.result, 'fail', JSON.stringify(relinked.status));
  });

  test('the confirmation mail is signed too', async () => {
    const before = smtp.messages.length;
    const link = `${PUBLIC_URL}/confirm?token=abc`;
    assert.deepEqual(await email.sendConfirmation('new@example.com', link, 'en'), { ok: true });
    const mail = (await smtp.waitFor(before + 1))[before];
    assert.equal((await verify(mail.raw)).status.result, 'pass');
  });
});
