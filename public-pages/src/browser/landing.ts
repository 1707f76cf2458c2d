import { FEED_ANCHOR, NOTICE_PARAM } from '@ummahnotify/core';
import { startPage } from './page';
import { startSignup } from './signup/actions';

/** The element id a link's #fragment names; none when its percent-encoding is malformed (`#%E0%A4%A`). */
function fragmentId(hash: string): string | undefined {
  try {
    return decodeURIComponent(hash.slice(1)) || undefined;
  } catch {
    return undefined;
  }
}

/**
 * A message links to /?notice=<id> (before, to /#janaza-<id>): the notice's card, in the frame on screen, scrolls into
 * view. The cards' ids are in the English frame only (an id is once in a page); each frame's card has `data-anchor`.
 */
function scrollToNotice(): void {
  const notice = new URLSearchParams(window.location.search).get(NOTICE_PARAM);
  const anchor = fragmentId(window.location.hash) ?? (notice ? FEED_ANCHOR.janaza(notice) : undefined);
  if (!anchor) return;
  const cards = document.querySelectorAll<HTMLElement>(`[data-lang="${document.documentElement.lang}"] [data-anchor]`);
  [...cards].find((card) => card.dataset.anchor === anchor)?.scrollIntoView();
}

/** `/`: the feed is in the page already (the server drew it); the sign-up section comes to life. */
startPage((config) => {
  scrollToNotice();
  startSignup(config);
});
