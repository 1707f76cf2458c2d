import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { enhancedCode, rejectedOutcome, smtpOutcome } from './smtp-outcome';

/** A refusal as nodemailer's smtp-connection reports it: the reply as received, its code, the command answered. */
const refused = (command: string, response: string, code = 'EENVELOPE') => ({
  code,
  command,
  response,
  responseCode: Number(/^\d+/.exec(response)?.[0]),
  message: `Can't send mail: ${response}`,
});

const kindAndCode = (outcome: ReturnType<typeof smtpOutcome>) =>
  outcome.ok ? ['ok'] : [outcome.kind, 'code' in outcome ? outcome.code : undefined];

describe('smtpOutcome: whose fault a refusal is, by its enhanced status code (RFC 3463)', () => {
  // Replies as the providers document them: Gmail https://support.google.com/a/answer/3726730,
  // Microsoft https://learn.microsoft.com/en-us/troubleshoot/exchange/email-delivery/ndr/non-delivery-reports-in-exchange-online
  const mailboxGone: [string, string][] = [
    [
      "550-5.1.1 The email account that you tried to reach does not exist. Please try\n550 5.1.1 double-checking the recipient's email address",
      'smtp:5.1.1',
    ],
    ['550 5.1.10 RESOLVER.ADR.RecipientNotFound; Recipient not found by SMTP address lookup', 'smtp:5.1.10'],
    ['550 5.2.1 The email account that you tried to reach is disabled.', 'smtp:5.2.1'],
    ['553 5.1.3 The recipient address <a@@example.com> is not a valid RFC 5321 address.', 'smtp:5.1.3'],
    ['556 5.1.10 Recipient address has null MX', 'smtp:5.1.10'],
  ];
  for (const [reply, code] of mailboxGone) {
    test(`at RCPT TO, "${reply.split('\n').at(-1)}" retires the address (${code})`, () => {
      assert.deepEqual(kindAndCode(smtpOutcome(refused('RCPT TO', reply))), ['gone', code]);
    });
  }

  const accounts: [string, string, string][] = [
    ['RCPT TO', '550 5.7.1 Relaying denied', 'smtp:5.7.1'],
    ['RCPT TO', '554 5.7.1 <a@example.com>: Relay access denied', 'smtp:5.7.1'],
    ['MAIL FROM', '530 5.7.0 Authentication required', 'smtp:5.7.0'],
    ['MAIL FROM', '550 5.7.1 Client does not have permissions to send as this sender', 'smtp:5.7.1'],
    [
      'DATA',
      '550 5.7.26 This mail has been blocked because the sender is unauthenticated. Gmail requires all senders to authenticate with either SPF or DKIM.',
      'smtp:5.7.26',
    ],
    ['DATA', '550 5.7.708 Service unavailable. Access denied, traffic not accepted from this IP.', 'smtp:5.7.708'],
    ['RCPT TO', '550 5.1.8 <bounce@example.org>: Sender address rejected: Domain not found', 'smtp:5.1.8'],
    ['MAIL FROM', '553 5.1.7 The sender address <notices@> is not a valid RFC 5321 address', 'smtp:5.1.7'],
  ];
  for (const [command, reply, code] of accounts) {
    test(`at ${command}, "${reply.slice(0, 60)}" pauses the channel (${code}), no recipient fails`, () => {
      assert.deepEqual(kindAndCode(smtpOutcome(refused(command, reply))), ['account', code]);
    });
  }

  test('a refused login is the account\'s: 535 5.7.8 (Gmail: "Username and Password not accepted") and EAUTH without a reply', () => {
    const login = smtpOutcome(
      refused('AUTH PLAIN', '535 5.7.8 Username and Password not accepted. For more information, go to', 'EAUTH'),
    );
    assert.deepEqual(kindAndCode(login), ['account', 'smtp:5.7.8']);
    assert.match(!login.ok ? login.error : '', /^535 5\.7\.8 Username and Password not accepted/);
    const noReply = smtpOutcome({ code: 'EAUTH', command: 'API', message: 'Missing credentials for "PLAIN"' });
    assert.deepEqual(kindAndCode(noReply), ['account', 'smtp:EAUTH']);
  });

  const thisMessage: [string, string, string][] = [
    ['RCPT TO', '552 5.2.2 The email account that you tried to reach is over quota.', 'smtp:5.2.2'],
    ['DATA', "552 5.3.4 Your message exceeded Google's message size limits.", 'smtp:5.3.4'],
    ['DATA', '550 5.6.0 Message contains invalid header', 'smtp:5.6.0'],
    ['RCPT TO', '554 5.4.14 Hop count exceeded - possible mail loop', 'smtp:5.4.14'],
    // a bare 550 says nothing of whose fault it is (RFC 5321 §4.2.3 "mailbox unavailable ... or command
    // rejected for policy reasons"): this mail fails, the address stays
    ['RCPT TO', '550 No such user here', 'smtp:550'],
    ['RCPT TO', '551 User not local; please try <forward@example.net>', 'smtp:551'],
    ['RCPT TO', '553 Requested action not taken: mailbox name not allowed', 'smtp:553'],
    // a 5.1.1 after the recipients were accepted is no statement about the address
    ['DATA', '550 5.1.1 Unknown recipient', 'smtp:5.1.1'],
  ];
  for (const [command, reply, code] of thisMessage) {
    test(`at ${command}, "${reply.slice(0, 60)}" fails this message only (${code})`, () => {
      assert.deepEqual(kindAndCode(smtpOutcome(refused(command, reply))), ['permanent', code]);
    });
  }

  test('4xx waits: 451 at RCPT TO (greylisting) for that recipient, 421/451 elsewhere for the channel, 450/452 tried again', () => {
    const greylisted = smtpOutcome(refused('RCPT TO', '451 4.7.1 Greylisting in action, please come back later'));
    assert.deepEqual(!greylisted.ok && greylisted.kind === 'paced' && greylisted.scope, 'recipient');
    const closing = smtpOutcome(refused('MAIL FROM', '421 4.7.0 Try again later, closing connection.'));
    assert.deepEqual(!closing.ok && closing.kind === 'paced' && [closing.scope, closing.unstated], ['channel', true]);
    const busy = smtpOutcome(
      refused('RCPT TO', '450 4.2.1 The user you are trying to contact is receiving mail too quickly.'),
    );
    assert.equal(!busy.ok && busy.kind, 'temporary');
    const full = smtpOutcome(refused('RCPT TO', '452 4.2.2 The email account that you tried to reach is over quota.'));
    assert.equal(!full.ok && full.kind, 'temporary');
  });

  test('no reply at all (connection refused, time-out) is tried again', () => {
    const outcome = smtpOutcome({ code: 'ECONNECTION', command: 'CONN', message: 'connect ECONNREFUSED 127.0.0.1:25' });
    assert.equal(!outcome.ok && outcome.kind, 'temporary');
  });

  test('info.rejected (the server refused the recipient but took the mail) is read as the refusal would be', () => {
    const relay = rejectedOutcome({
      rejectedErrors: [refused('RCPT TO', '550 5.7.1 Relaying denied')],
      response: '250 OK',
    });
    assert.deepEqual(kindAndCode(relay), ['account', 'smtp:5.7.1']);
    const gone = rejectedOutcome({ rejectedErrors: [refused('RCPT TO', '550 5.1.1 User unknown')] });
    assert.deepEqual(kindAndCode(gone), ['gone', 'smtp:5.1.1']);
    assert.equal(kindAndCode(rejectedOutcome({ response: '250 OK' }))[0], 'permanent');
  });
});

describe('enhancedCode (RFC 3463 §2, written after the reply code as RFC 2034 §4 says)', () => {
  test('reads class.subject.detail, on a single or a continued line', () => {
    assert.equal(enhancedCode('550 5.7.1 Relaying denied', 550), '5.7.1');
    assert.equal(enhancedCode('550-5.1.1 The email account\n550 5.1.1 does not exist', 550), '5.1.1');
    assert.equal(enhancedCode('550 5.1.10 null MX', 550), '5.1.10');
  });
  test('none when absent, or when its class disagrees with the reply code', () => {
    assert.equal(enhancedCode('550 No such user here', 550), null);
    assert.equal(enhancedCode('550 4.7.1 odd', 550), null);
    assert.equal(enhancedCode('550 Requested action 5.7.1 mid-text', 550), null);
  });
});
