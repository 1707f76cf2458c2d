import { SIGNUP_API, type StaticPageEntry } from '@ummahnotify/core';
import type { ReactElement } from 'react';
import type { Texts } from '../texts';
import { ForbiddenPage } from './ForbiddenPage';
import { LoginPage } from './LoginPage';
import { ThanksPage } from './ThanksPage';
import { CONFIRM_KEYS, TokenPage, UNSUBSCRIBE_KEYS } from './TokenPage';

export interface StaticPage {
  /** The card's content in one language. */
  body: (t: Texts) => ReactElement;
  /** The page's script in src/browser/ (its build entry). */
  script: string;
  /** What the page tells its script as `data-<key>` (the API call of a link's page). */
  data?: Record<string, string>;
}

/** Each page the signed-out visitor meets outside the landing page, drawn by antd at build time. */
export const STATIC_PAGES: Record<StaticPageEntry, StaticPage> = {
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
