import {
  FEED_ANCHOR,
  FEED_API,
  formatNoticeTime,
  isPrayer,
  type Language,
  mapLink,
  noticeLink,
} from '@ummahnotify/core';
import { fillIn, formatJanazaPlace, formatJanazaWhen, inLanguage } from '@ummahnotify/domain';
import { messages } from '@ummahnotify/domain/messages';
import type { Selectable } from 'kysely';
import type { EventsTable, JanazaNoticesTable } from '../db/schema';
import type { Message } from './channels/types';

const text = messages;

export interface RenderContext {
  publicUrl: string;
  correction: boolean;
}

function titled(title: string, language: Language, correction: boolean): string {
  return correction ? fillIn(text[language]['message.correctionTitle'], { title }) : title;
}

/** The columns of a stored notice that its messages are written from. */
export type JanazaForMessage = Pick<
  Selectable<JanazaNoticesTable>,
  | 'id'
  | 'name'
  | 'age'
  | 'is_privacy'
  | 'note'
  | 'image_id'
  | 'due_date'
  | 'prayer'
  | 'provider_name'
  | 'address'
  | 'postal'
>;

/**
 * When and where a stored notice's prayer is, as people say it: "Wednesday, 25 November 2026, after
 * Asar (about 4:08 pm)" and "Masjid Sultan, Singapore 198833". Messages and the .ics file both use it.
 */
export function janazaWhenAndPlace(
  notice: Pick<Selectable<JanazaNoticesTable>, 'due_date' | 'prayer' | 'provider_name' | 'address' | 'postal'>,
  language: Language,
): { when: string; place: string } {
  return {
    when: formatJanazaWhen(
      { dueDate: notice.due_date, prayer: isPrayer(notice.prayer) ? notice.prayer : null },
      language,
    ),
    place: formatJanazaPlace(
      { providerName: notice.provider_name, address: notice.address, postal: notice.postal },
      language,
    ),
  };
}

/**
 * What every message of a notice calls it, where it links and its WhatsApp parameters: a private notice's name
 * nobody and link to the landing page.
 */
function janazaHeading(notice: JanazaForMessage, language: Language, publicUrl: string) {
  const t = text[language];
  const isPrivate = Number(notice.is_privacy) === 1;
  const { when, place } = janazaWhenAndPlace(notice, language);
  const url = isPrivate ? `${publicUrl}/` : `${publicUrl}${noticeLink(notice.id, language)}`;
  return {
    isPrivate,
    title: isPrivate ? t['message.janazaTitlePrivate'] : fillIn(t['message.janazaTitle'], { name: notice.name }),
    when,
    place,
    url,
    templateParams: [isPrivate ? t['message.janazaTitlePrivate'] : notice.name, when, place, url],
  };
}

/**
 * A janaza notice in one language. A private notice carries neither the name, the photo nor the note
 * (free text that may name the deceased or the family; only staff read it).
 */
export function renderJanaza(
  notice: JanazaForMessage,
  language: Language,
  { publicUrl, correction }: RenderContext,
): Message {
  const t = text[language];
  const { isPrivate, title, when, place, url, templateParams } = janazaHeading(notice, language, publicUrl);
  const lines = [
    isPrivate
      ? t['message.janazaIntroPrivate']
      : fillIn(t['message.janazaIntro'], { name: notice.name, age: notice.age }),
    fillIn(t['message.prayerTime'], { time: when }),
    place ? fillIn(t['message.place'], { address: place }) : '',
    place && notice.postal ? fillIn(t['message.map'], { url: mapLink(notice.postal) }) : '',
    isPrivate ? '' : notice.note.trim(),
  ].filter(Boolean);
  return {
    kind: 'janaza',
    itemId: notice.id,
    language,
    correction,
    title: titled(title, language, correction),
    body: lines.join('\n'),
    url,
    templateParams,
    imageUrl: !isPrivate && notice.image_id ? `${publicUrl}${FEED_API.image(notice.image_id)}` : null,
    ...(!isPrivate && notice.image_id && { imageId: notice.image_id }),
    expiresAt: notice.due_date,
  };
}

/**
 * The cancellation of a withdrawn notice, in one language: short, on the notice's web push Topic and tag (it
 * replaces the notice on a phone that was offline), no photo. A private notice's names nobody.
 */
export function renderJanazaCancellation(notice: JanazaForMessage, language: Language, publicUrl: string): Message {
  const t = text[language];
  const { isPrivate, title, when, url, templateParams } = janazaHeading(notice, language, publicUrl);
  return {
    kind: 'janaza',
    itemId: notice.id,
    language,
    correction: false,
    cancellation: true,
    title: fillIn(t['message.cancelledTitle'], { title }),
    body: [
      isPrivate ? t['message.janazaCancelledPrivate'] : fillIn(t['message.janazaCancelled'], { name: notice.name }),
      fillIn(t['message.prayerTime'], { time: when }),
    ].join('\n'),
    url,
    templateParams,
    imageUrl: null,
    expiresAt: notice.due_date,
  };
}

/** What every message of an event calls it, when and where it is, where it links and its WhatsApp parameters. */
function eventHeading(event: Selectable<EventsTable>, language: Language, publicUrl: string) {
  const heading = inLanguage(language, event.heading, event.heading_ta);
  const when = formatNoticeTime(event.date_time, language);
  const place = inLanguage(language, event.address, event.address_ta);
  const url = `${publicUrl}/#${FEED_ANCHOR.event(event.id)}`;
  return { heading, when, place, url, templateParams: [heading, when, place, url] };
}

/** An event in one language: the Tamil fields for ta, each falling back to English when empty. */
export function renderEvent(
  event: Selectable<EventsTable>,
  language: Language,
  { publicUrl, correction }: RenderContext,
): Message {
  const t = text[language];
  const { heading, when, place, url, templateParams } = eventHeading(event, language, publicUrl);
  const lines = [
    inLanguage(language, event.sub_heading, event.sub_heading_ta).trim(),
    fillIn(t['message.eventWhen'], { time: when }),
    place.trim() ? fillIn(t['message.eventWhere'], { address: place }) : '',
    event.link.trim(),
  ].filter(Boolean);
  return {
    kind: 'events',
    itemId: event.id,
    language,
    correction,
    title: titled(heading, language, correction),
    body: lines.join('\n'),
    url,
    templateParams,
    imageUrl: event.image_id ? `${publicUrl}${FEED_API.image(event.image_id)}` : null,
    ...(event.image_id && { imageId: event.image_id }),
    expiresAt: event.date_time,
  };
}

/** The cancellation of a withdrawn event, in one language: short, with its time so people know which, no poster. */
export function renderEventCancellation(
  event: Selectable<EventsTable>,
  language: Language,
  publicUrl: string,
): Message {
  const t = text[language];
  const { heading, when, url, templateParams } = eventHeading(event, language, publicUrl);
  return {
    kind: 'events',
    itemId: event.id,
    language,
    correction: false,
    cancellation: true,
    title: fillIn(t['message.cancelledTitle'], { title: heading }),
    body: [t['message.eventCancelled'], fillIn(t['message.eventWhen'], { time: when })].join('\n'),
    url,
    templateParams,
    imageUrl: null,
    expiresAt: event.date_time,
  };
}
