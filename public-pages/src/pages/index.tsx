import { type Language, MOBILE_BREAKPOINT_PX, SIGNUP_API, type StaticPageEntry } from '@ummahnotify/core';
import type { ReactElement } from 'react';
import { FeedSection } from '../landing/Feed';
import { FEED_SAMPLE } from '../landing/feedSample';
import { LandingPage } from '../landing/LandingPage';
import type { Texts } from '../texts';
import { ForbiddenPage } from './ForbiddenPage';
import { LoginPage } from './LoginPage';
import { ThanksPage } from './ThanksPage';
import { CONFIRM_KEYS, TokenPage, UNSUBSCRIBE_KEYS } from './TokenPage';

export interface StaticPage {
  /** The card's content in one language. */
  body: (t: Texts, language: Language) => ReactElement;
  /** The page's script in src/browser/ (its build entry). */
  script: string;
  /** What the page tells its script as `data-<key>` (the API call of a link's page). */
  data?: Record<string, string>;
  /** A card as wide as the landing page's (960 px; else 560). */
  wide?: boolean;
  /** The page's own CSS, after antd's: what chooses between looks antd drew (never antd's classes). */
  css?: string;
  /** Markup drawn only for its CSS (what the server adds to the page later: the feed). */
  styleOnly?: (t: Texts, language: Language) => ReactElement;
}

/**
 * A phone gets the channels one under the other (as the dashboard's useIsMobile decides), a wider screen across.
 * Without scripts, the sign-up says it needs them instead of waiting for the channels. An outcome's place takes no
 * room until there is one: in a panel laid out by antd's Flex its gap spaces it, in a form its margin.
 */
const LANDING_CSS = `[data-outcome] { display: contents; }
form [data-outcome]:not(:empty) { display: block; margin-top: 12px; }
@media (scripting: none) { [data-options="loading"] { display: none; } }
@media (scripting: enabled) { [data-options="no-script"] { display: none; } }
@media (max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px) { [data-channel-switch="row"] { display: none; } }
@media (min-width: ${MOBILE_BREAKPOINT_PX}px) { [data-channel-switch="stack"] { display: none; } }`;

/** Each page the signed-out visitor meets, drawn by antd at build time. */
export const STATIC_PAGES: Record<StaticPageEntry, StaticPage> = {
  landing: {
    body: (t, language) => <LandingPage t={t} language={language} />,
    script: 'landing',
    wide: true,
    css: LANDING_CSS,
    styleOnly: (t, language) => (
      <>
        <FeedSection t={t} language={language} feed={FEED_SAMPLE} />
        <FeedSection t={t} language={language} feed={null} />
        <FeedSection t={t} language={language} feed={{ janaza: [], events: [] }} />
      </>
    ),
  },
  login: { body: (t) => <LoginPage t={t} />, script: 'login' },
  thanks: { body: (t) => <ThanksPage t={t} />, script: 'thanks' },
  forbidden: { body: (t) => <ForbiddenPage t={t} />, script: 'forbidden' },
  confirm: {
    body: (t) => <TokenPage t={t} keys={CONFIRM_KEYS} />,
    script: 'token',
    data: { action: SIGNUP_API.emailConfirm },
  },
  unsubscribe: {
    body: (t) => <TokenPage t={t} keys={UNSUBSCRIBE_KEYS} />,
    script: 'token',
    data: { action: SIGNUP_API.unsubscribe },
  },
};
