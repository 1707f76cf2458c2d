import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { domainOf, mailboxOf } from './mailbox';

describe('the mailbox an address reaches (counting only)', () => {
  test("the review's spellings of one Gmail mailbox are one mailbox", () => {
    // victim+1@, v.ictim@, VICTIM+3@... all reached victim@gmail.com
    const spellings = [
      'victim@gmail.com',
      'victim+1@gmail.com',
      'v.ictim@gmail.com',
      'VICTIM+3@gmail.com',
      'v.i.c.t.i.m@GMAIL.COM',
      'Victim+news@googlemail.com',
      'vic.tim@googlemail.com',
      ' victim+x.y@gmail.com ',
    ];
    for (const s of spellings) assert.equal(mailboxOf(s), 'victim@gmail.com', s);
  });

  test('dots count at other providers; +tag and case do not', () => {
    assert.equal(mailboxOf('A.Rahman+masjid@Example.SG'), 'a.rahman@example.sg');
    assert.notEqual(mailboxOf('a.rahman@example.sg'), mailboxOf('arahman@example.sg'));
    assert.equal(mailboxOf('first.last@outlook.com'), 'first.last@outlook.com');
  });

  test('a local part that is only a tag stays whole; the domain is what follows the last @', () => {
    assert.equal(mailboxOf('+tag@example.sg'), '+tag@example.sg');
    assert.equal(domainOf(mailboxOf('x+1@GoogleMail.com')), 'gmail.com');
    assert.equal(domainOf('a@b@example.sg'), 'example.sg');
  });
});
