import {
  catalogues,
  FEED_ANCHOR,
  FEED_API,
  formatNoticeTime,
  inLanguage,
  type Language,
} from '@ummahnotify/shared/domain';
import type { Selectable } from 'kysely';
import type { EventsTable, JanazaNoticesTable } from '../db/schema';
import type { Message } from './channels/types';

const text = catalogues.delivery;

function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key] ?? ''));
}

export interface RenderContext {
  publicUrl: string;
  timeZone: string;
  correction: boolean;
}

function titled(title: string, language: Language, correction: boolean): string {
  return correction ? fill(text[language]['message.correctionTitle'], { title }) : title;
}

/** A janaza notice in one language. A private notice carries neither the name nor the photo. */
export function renderJanaza(
  notice: Selectable<JanazaNoticesTable>,
  language: Language,
  { publicUrl, timeZone, correction }: RenderContext,
): Message {
  const t = text[language];
  const isPrivate = Number(notice.is_privacy) === 1;
  const title = isPrivate ? t['message.janazaTitlePrivate'] : fill(t['message.janazaTitle'], { name: notice.name });
  const lines = [
    isPrivate
      ? t['message.janazaIntroPrivate']
      : fill(t['message.janazaIntro'], { name: notice.name, age: notice.age }),
    fill(t['message.prayerTime'], { time: formatNoticeTime(notice.due_date, language, timeZone) }),
    fill(t['message.place'], { address: notice.address }),
    notice.note.trim(),
  ].filter(Boolean);
  return {
    kind: 'janaza',
    itemId: notice.id,
    language,
    correction,
    title: titled(title, language, correction),
    body: lines.join('\n'),
    url: isPrivate ? `${publicUrl}/` : `${publicUrl}/#${FEED_ANCHOR.janaza(notice.id)}`,
    imageUrl: !isPrivate && notice.image_id ? `${publicUrl}${FEED_API.image(notice.image_id)}` : null,
  };
}

/** An event in one language: the Tamil fields for ta, each falling back to English when empty. */
export function renderEvent(
  event: Selectable<EventsTable>,
  language: Language,
  { publicUrl, timeZone, correction }: RenderContext,
): Message {
  const t = text[language];
  const pick = (en: string, ta: string) => inLanguage(language, en, ta);
  const heading = pick(event.heading, event.heading_ta);
  const lines = [
    pick(event.sub_heading, event.sub_heading_ta).trim(),
    fill(t['message.eventWhen'], { time: formatNoticeTime(event.date_time, language, timeZone) }),
    fill(t['message.eventWhere'], { address: pick(event.address, event.address_ta) }),
    event.link.trim(),
  ].filter(Boolean);
  return {
    kind: 'events',
    itemId: event.id,
    language,
    correction,
    title: titled(heading, language, correction),
    body: lines.join('\n'),
    url: `${publicUrl}/#${FEED_ANCHOR.event(event.id)}`,
    imageUrl: event.image_id ? `${publicUrl}${FEED_API.image(event.image_id)}` : null,
  };
}
