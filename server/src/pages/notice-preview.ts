import { DEFAULT_LANGUAGE, FEED_API, LANGUAGES, type Language, NOTICE_PARAM, noticeLink } from '@ummahnotify/core';
import { fillIn } from '@ummahnotify/domain';
import { messages } from '@ummahnotify/domain/messages';
import type { Db } from '../db/connect';
import { escapeHtml } from '../delivery/channels/email-render';
import { janazaWhenAndPlace } from '../delivery/messages';
import { publicNotice } from '../features/feed/store';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The tags a link previewer (WhatsApp, Telegram, Facebook, X) reads from `/?notice=<id>&lang=<language>`: the
 * notice's title ("Janaza: <name>"), its prayer time and place, its photo, in the link's language
 * (https://ogp.me, https://developer.x.com/en/docs/x-for-websites/cards/overview/markup). Only a notice the public
 * feed shows (approved, not private) gets them: for any other id the landing page is answered as it is, so a
 * private notice's link carries nothing of it.
 */
export async function noticePreviewTags(db: Db, url: string, publicUrl: string): Promise<string | undefined> {
  const { pathname, searchParams } = new URL(url, 'http://page.invalid');
  const id = searchParams.get(NOTICE_PARAM);
  if (pathname !== '/' || !id || !UUID.test(id)) return undefined;
  const notice = await publicNotice(db, id.toLowerCase());
  if (!notice) return undefined;
  const askedLanguage = searchParams.get('lang');
  const language = LANGUAGES.find((known) => known === askedLanguage) ?? (DEFAULT_LANGUAGE as Language);
  const t = messages[language];
  const named = fillIn(t['message.janazaTitle'], { name: notice.name });
  const cancelled = notice.withdrawn_at !== null;
  // A withdrawn notice's link says so before anything else (docs/product/rules.md#withdrawing-a-sent-notice).
  const title = cancelled ? fillIn(t['message.cancelledTitle'], { title: named }) : named;
  const { when, place } = janazaWhenAndPlace(notice, language);
  const description = [cancelled ? fillIn(t['message.janazaCancelled'], { name: notice.name }) : '', when, place]
    .filter(Boolean)
    .join(' · ');
  const image = notice.image_id ? `${publicUrl}${FEED_API.image(notice.image_id)}` : undefined;
  const tags: [string, string, string | undefined][] = [
    ['property', 'og:type', 'website'],
    ['property', 'og:site_name', 'UmmahNotify'],
    ['property', 'og:title', title],
    ['property', 'og:description', description],
    ['property', 'og:url', `${publicUrl}${noticeLink(notice.id, language)}`],
    ['property', 'og:locale', language === 'ta' ? 'ta_SG' : 'en_SG'],
    ['property', 'og:image', image],
    ['name', 'twitter:card', image ? 'summary_large_image' : 'summary'],
    ['name', 'twitter:title', title],
    ['name', 'twitter:description', description],
    ['name', 'twitter:image', image],
  ];
  return [
    `<title>${escapeHtml(title)}</title>`,
    ...tags.flatMap(([attribute, key, value]) =>
      value === undefined ? [] : [`<meta ${attribute}="${key}" content="${escapeHtml(value)}">`],
    ),
  ].join('');
}

/**
 * The page with the preview's title in place of its own and the tags at the end of its head. Cut and joined by
 * position, never by String.prototype.replace with the tags as the replacement: there `$&`, `` $` ``, `$'` and `$$`
 * in a name or an address (escaping leaves `$` alone) would copy parts of the page into it, megabytes of them.
 */
export function withPreview(page: string, tags: string): string {
  const title = /<title>[^<]*<\/title>/.exec(page);
  const untitled = title ? page.slice(0, title.index) + page.slice(title.index + title[0].length) : page;
  const end = untitled.indexOf('</head>');
  if (end < 0) return untitled;
  return untitled.slice(0, end) + tags + untitled.slice(end);
}
