import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { describe, test } from 'node:test';
import { PRAYERS, type Prayer } from '@ummahnotify/core';
import { noticeTime, prayerTime, SINGAPORE } from './prayer-time';

/**
 * The computed times against an independent implementation: praytime (praytimes.org, Hamid
 * Zarrabi-Zadeh), set to the MUIS convention adhan's Singapore method follows: Fajr 20°, Isha 18°,
 * Asr at shadow length 1 (Shafi'i, praytime's 'Standard'), Zohor 1 minute after noon, Maghrib at sunset
 * (praytime's default adds 1 minute), no rounding (adhan rounds up to the minute).
 */
const { PrayTime } = createRequire(import.meta.url)('praytime') as {
  PrayTime: new (
    method: string,
  ) => {
    location(l: [number, number]): unknown;
    timezone(tz: string): unknown;
    adjust(p: Record<string, string | number>): unknown;
    format(f: string): unknown;
    round(r: string): unknown;
    times(date: [number, number, number]): Record<string, number>;
  };
};

const reference = new PrayTime('Singapore');
reference.location([SINGAPORE.latitude, SINGAPORE.longitude]);
reference.timezone('Asia/Singapore');
reference.adjust({ asr: 'Standard', dhuhr: '1 min', maghrib: '0 min' });
reference.format('x');
reference.round('none');

const PRAYTIME_NAME: Record<Prayer, string> = {
  subuh: 'fajr',
  zohor: 'dhuhr',
  asar: 'asr',
  maghrib: 'maghrib',
  isyak: 'isha',
};
const MINUTE = 60_000;

describe('prayer times (adhan, Singapore method)', () => {
  test('every prayer of every day of 2027 is within 2 minutes of praytime', () => {
    const worst: Record<string, number> = {};
    let days = 0;
    for (
      let date = new Date(Date.UTC(2027, 0, 1));
      date.getUTCFullYear() === 2027;
      date = new Date(date.getTime() + 86_400_000)
    ) {
      days += 1;
      const ymd: [number, number, number] = [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()];
      const day = date.toISOString().slice(0, 10);
      const expected = reference.times(ymd);
      for (const prayer of PRAYERS) {
        const ours = new Date(prayerTime(prayer, day)).getTime();
        const theirs = expected[PRAYTIME_NAME[prayer]];
        const minutes = (ours - theirs) / MINUTE;
        worst[prayer] = Math.max(worst[prayer] ?? 0, Math.abs(minutes));
        assert.ok(
          Math.abs(minutes) <= 2,
          `${prayer} on ${day}: ${new Date(ours).toISOString()} vs ${new Date(theirs).toISOString()}`,
        );
      }
    }
    assert.equal(days, 365);
    // Printed for the record: the largest difference of each prayer over the year, in minutes.
    console.log('largest difference from praytime over 2027 (minutes):', worst);
  });

  test('the times fall on the Singapore day asked for, in order, at times people know', () => {
    const day = '2027-03-04';
    const times = PRAYERS.map((p) => new Date(prayerTime(p, day)));
    for (let i = 1; i < times.length; i++) assert.ok(times[i - 1] < times[i], 'subuh < zohor < asar < maghrib < isyak');
    const local = (d: Date) =>
      new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Singapore', dateStyle: 'short', timeStyle: 'short' }).format(
        d,
      );
    for (const t of times) assert.match(local(t), /^04\/03\/2027/);
    // Singapore's prayers are about: Subuh 5:40, Zohor 1:10 pm, Asar 4:15 pm, Maghrib 7:15 pm, Isyak 8:25 pm.
    const hours = times.map((t) => Number(local(t).slice(-5, -3)));
    assert.deepEqual(hours, [5, 13, 16, 19, 20]);
  });

  test('noticeTime: a prayer with its date gives that time and the prayer, an exact time gives no prayer', () => {
    assert.deepEqual(noticeTime({ prayer: 'asar', prayerDate: '2027-03-04' }), {
      due_date: prayerTime('asar', '2027-03-04'),
      prayer: 'asar',
    });
    assert.deepEqual(noticeTime({ dueDate: '2027-03-04T02:00:00.000Z' }), {
      due_date: '2027-03-04T02:00:00.000Z',
      prayer: null,
    });
    assert.equal(noticeTime({}), undefined);
    assert.throws(() => prayerTime('asar', '2027-02-29'));
  });
});
