/** @jsxRuntime automatic @jsxImportSource react */
// `public-pages/feed`: what the server imports to draw the landing page's feed for each request.
import { createCache, StyleProvider } from '@ant-design/cssinjs';
import { LANGUAGES, type Language } from '@ummahnotify/core';
import type { FeedResponse } from '@ummahnotify/domain';
import { ConfigProvider } from 'antd';
import { renderToString } from 'react-dom/server';
import { textsOf } from '../texts';
import { PAGE_THEME } from '../theme';
import { FeedSection } from './Feed';
import { feedSlot } from './feedSlot';

export { FEED_SLOT, feedSlot, hasFeedSlots } from './feedSlot';

/**
 * The feed's section in one language as HTML: antd's markup alone. Its CSS is not written here: the landing page's
 * build inlined the rules the feed can need (it renders FEED_SAMPLE off the page), with the same theme.
 */
export function renderFeed(feed: FeedResponse | null, language: Language): string {
  return renderToString(
    <StyleProvider cache={createCache()}>
      <ConfigProvider theme={PAGE_THEME}>
        <FeedSection t={textsOf(language)} language={language} feed={feed} />
      </ConfigProvider>
    </StyleProvider>,
  );
}

/**
 * The landing page with each language's feed (`render(language)`) inside that language's slot. Throws when a slot
 * is missing: a landing page built without them is a bug.
 */
export function fillFeedSlots(page: string, render: (language: Language) => string): string {
  // Where each slot is in the page as built (not in a page already part filled), last first.
  const slots = LANGUAGES.map((language) => {
    const at = page.indexOf(feedSlot(language));
    if (at < 0)
      throw new Error(`public-pages: the landing page has no feed slot for ${language} (${feedSlot(language)})`);
    return { language, at };
  }).sort((a, b) => b.at - a.at);
  let filled = page;
  for (const { language, at } of slots) {
    const slot = feedSlot(language);
    const open = slot.slice(0, -'</div>'.length);
    filled = `${filled.slice(0, at)}${open}${render(language)}</div>${filled.slice(at + slot.length)}`;
  }
  return filled;
}
