import assert from 'node:assert/strict';
import { test } from 'node:test';
import { calendarFile, escapeText, foldLine, uriValue, utcStamp } from './ics';

test('TEXT values escape backslash, semicolon, comma and line breaks', () => {
  assert.equal(escapeText('a\\b; c, d\r\ne\nf'), 'a\\\\b\\; c\\, d\\ne\\nf');
});

test('TEXT values keep tabs and leave out every other control character (RFC 5545 TSAFE-CHAR)', () => {
  // A vertical tab, form feed, NUL, ESC, DEL and a C1 control (NEL): none may appear in a TEXT value.
  assert.equal(escapeText('Ahmad\vbin\fAli\u0000\u001b[2J\u007f\u0085 \tnote'), 'AhmadbinAli[2J \tnote');
});

test('lines fold at 75 octets without splitting a UTF-8 character', () => {
  const line = `DESCRIPTION:${'ஜனாஸா '.repeat(30)}`;
  const folded = foldLine(line).split('\r\n');
  assert.ok(folded.length > 1);
  for (const part of folded) assert.ok(Buffer.byteLength(part) <= 75, `${Buffer.byteLength(part)} octets`);
  assert.ok(folded.slice(1).every((p) => p.startsWith(' ')));
  assert.equal(folded.map((p, i) => (i === 0 ? p : p.slice(1))).join(''), line);
});

test('times are UTC with Z', () => {
  assert.equal(utcStamp(new Date('2026-11-22T03:04:05.678Z')), '20261122T030405Z');
});

test('a calendar file ends every line with CRLF', () => {
  const text = calendarFile({
    uid: 'x@h',
    start: '2026-11-22T03:00:00.000Z',
    duration: 'PT1H',
    summary: 's',
    location: 'l',
    description: 'd',
    url: 'http://h/',
  });
  assert.ok(text.endsWith('\r\n'));
  assert.ok(!/[^\r]\n/.test(text), 'no bare LF');
});

test('a URL with control characters cannot add a line to the file', () => {
  const text = calendarFile({
    uid: 'x@h',
    start: '2026-11-22T03:00:00.000Z',
    duration: 'PT1H',
    summary: 's',
    location: 'l',
    description: 'd',
    url: 'https://h/a\r\nATTACH:https://evil.example/x\u0000\u0085',
  });
  const lines = text.split('\r\n');
  assert.ok(!lines.some((l) => l.startsWith('ATTACH')), 'no injected property');
  const controls = [...text.replaceAll('\r\n', '')].filter((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x85);
  assert.deepEqual(controls, [], 'no control character but the CRLF line ends');
  assert.equal(uriValue('https://h/a\r\nb'), 'https://h/a%0D%0Ab');
});
