import { LANGUAGES, type Language } from '@ummahnotify/core';

/**
 * The name of the landing page's empty `<div data-feed-slot="<language>"></div>`, one in each language frame, which
 * the server fills with the feed of that language for each request (renderFeed.tsx, fillFeedSlots).
 */
export const FEED_SLOT = 'feed-slot';

/** The empty slot of a language in the landing page, as the page's build writes it. */
export const feedSlot = (language: Language) => `<div data-${FEED_SLOT}="${language}"></div>`;

/**
 * Whether the page has an empty feed slot for every language. The server asks before it loads the feed's renderer
 * (antd): a landing page built before the feed was drawn by the server has none, and is sent as it is.
 */
export function hasFeedSlots(page: string): boolean {
  return LANGUAGES.every((language) => page.includes(feedSlot(language)));
}
