import { DEMO_EMAIL_DOMAIN } from '@ummahnotify/domain';
import type { Db } from '../../db/connect';
import type { NewSubscriberRow } from '../../db/schema';

/**
 * Demo subscribers: about 240 people over the four channels, mostly in English, a third in Tamil,
 * most on both topics, some still unconfirmed and a few deactivated, signed up over the last six
 * months. Deterministic, so every demo looks the same. Addresses are demo ones (demo.ummahnotify.invalid
 * emails, "demo-" push tokens) so a demo server with real channels configured reaches no one.
 */
const NAMES = [
  'nurul.huda',
  'ahmad.faizal',
  'siti.aminah',
  'muhammad.irfan',
  'farah.nadia',
  'haziq.rahman',
  'syafiqah.ali',
  'zulkifli.osman',
  'rahmat.jaafar',
  'kamal.basha',
  'fathima.beevi',
  'mohamed.ismail',
  'ayesha.sultana',
  'abdul.kader',
  'thaslim.banu',
  'riyaz.ahamed',
  'safiya.noor',
  'nasrin.begum',
  'hafiz.yusof',
  'aqilah.salleh',
];
const PUSH_SERVICES = [
  'https://fcm.googleapis.com/fcm/send/',
  'https://updates.push.services.mozilla.com/wpush/v2/',
  'https://web.push.apple.com/',
];
const DAY_MS = 24 * 60 * 60 * 1000;

/** mulberry32: a small seeded generator (the demo data here and the bench's data are the same for each seed). */
export function seededRandom(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function demoSubscribers(count = 240, now = Date.now()): NewSubscriberRow[] {
  const next = seededRandom(2026);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)];
  const token = (n: number) =>
    Array.from({ length: n }, () => 'abcdefghijklmnopqrstuvwxyz0123456789'[Math.floor(next() * 36)]).join('');
  const rows: NewSubscriberRow[] = [];
  for (let i = 0; i < count; i++) {
    const r = next();
    const channel = r < 0.45 ? 'webpush' : r < 0.7 ? 'email' : r < 0.9 ? 'whatsapp' : 'telegram';
    const address =
      channel === 'webpush'
        ? `${pick(PUSH_SERVICES)}demo-${token(40)}`
        : channel === 'email'
          ? `${pick(NAMES)}${i}@${DEMO_EMAIL_DOMAIN}`
          : channel === 'whatsapp'
            ? `+65${pick(['8', '9'])}${String(1000000 + Math.floor(next() * 8999999)).slice(0, 7)}`
            : String(100000000 + Math.floor(next() * 899999999));
    const topics = next();
    const created = new Date(now - Math.floor(next() * 180 * DAY_MS)).toISOString();
    const deactivated = next() < 0.05;
    rows.push({
      id: crypto.randomUUID(),
      channel,
      address,
      push_keys:
        channel === 'webpush' ? JSON.stringify({ p256dh: `demo-${token(60)}`, auth: `demo-${token(16)}` }) : null,
      topic_janaza: topics < 0.85 ? 1 : 0,
      topic_events: topics > 0.25 ? 1 : 0,
      language: next() < 0.3 ? 'ta' : 'en',
      // Web push is confirmed by the browser's own permission prompt; the others confirm by a reply or link.
      confirmed: channel === 'webpush' || next() < 0.85 ? 1 : 0,
      active: deactivated ? 0 : 1,
      created_at: created,
      updated_at: created,
      deactivated_at: deactivated ? created : null,
      token_hash: null,
      demo: 1,
    });
  }
  return rows;
}

export async function seedSubscribers(db: Db): Promise<void> {
  const rows = demoSubscribers();
  for (let i = 0; i < rows.length; i += 100)
    await db
      .insertInto('subscribers')
      .values(rows.slice(i, i + 100))
      .execute();
}
