// Where web push stands in the browser the landing page runs in. On iPhone and iPad (iOS and iPadOS 16.4 and later)
// only a web app opened from the Home Screen has the Push API: Safari itself has none, so there the page shows how to
// add the site to the Home Screen (docs/product/screens.md#landing) rather than "this browser cannot".
import { pushSupported } from './webpush';

/** What the page reads of the browser (navigator and a media query), apart so that a test can give any. */
export interface BrowserTraits {
  userAgent: string;
  maxTouchPoints: number;
  /** Safari's `navigator.standalone`: true in a web app opened from the Home Screen, false in Safari, else absent. */
  standalone: boolean | undefined;
  /** `(display-mode: standalone)` matches: the page runs as an installed web app, without the browser's bars. */
  displayStandalone: boolean;
}

export function browserTraits(): BrowserTraits {
  const nav = navigator as Navigator & { standalone?: boolean };
  return {
    userAgent: nav.userAgent,
    maxTouchPoints: nav.maxTouchPoints ?? 0,
    standalone: nav.standalone,
    displayStandalone:
      typeof window.matchMedia === 'function' && window.matchMedia('(display-mode: standalone)').matches,
  };
}

/**
 * iPhone, iPod or iPad: iPadOS's Safari asks for desktop pages by default and says it is a Mac, which has no touch
 * screen (a Mac's maxTouchPoints is 0).
 */
export function isIos({ userAgent, maxTouchPoints }: Pick<BrowserTraits, 'userAgent' | 'maxTouchPoints'>): boolean {
  return /\b(iPhone|iPad|iPod)\b/.test(userAgent) || (/\bMacintosh\b/.test(userAgent) && maxTouchPoints > 1);
}

/**
 * The other browsers of iOS say Safari too (all are Safari's engine), but with a name of their own, and without
 * Safari's `Version/`; an app's own web view (Facebook's, Instagram's) says no `Safari/` at all.
 */
const NOT_SAFARI = /\b(CriOS|FxiOS|EdgiOS|OPiOS|OPT|GSA|YaBrowser|DuckDuckGo|Brave)\//;

export function isSafari({ userAgent }: Pick<BrowserTraits, 'userAgent'>): boolean {
  return /\bVersion\/[\d.]+.*\bSafari\//.test(userAgent) && !NOT_SAFARI.test(userAgent);
}

/** iOS Safari outside the Home Screen app: the one browser the hint to add the site to the Home Screen is for. */
export function needsHomeScreen(traits: BrowserTraits): boolean {
  return isIos(traits) && isSafari(traits) && traits.standalone !== true && !traits.displayStandalone;
}

/**
 * Web push here: `ready` (the Push API is there), `home-screen` (iOS Safari: only the site's app on the Home Screen
 * gets it), `none` (no push in this browser: another way must be chosen).
 */
export type PushHere = 'ready' | 'home-screen' | 'none';

export function pushHere(traits: BrowserTraits = browserTraits(), supported = pushSupported()): PushHere {
  if (supported) return 'ready';
  return needsHomeScreen(traits) ? 'home-screen' : 'none';
}
