import type { Language } from './languages';
/** Paths the dashboard calls (docs/product/api.md). Server routes and the client use these same names. */
export const API_PATHS = {
  signIn: '/api/auth/google',
  signInCallback: '/api/auth/google/callback',
  logout: '/api/auth/google/logout',
  protected: '/api/protected',
  /**
   * The signed-in account or none, answered 200 either way: the login page asks who is signed in without a refusal
   * (a 401, which the browser's console reports as an error, on every visit of someone signed out).
   */
  session: '/api/auth/session',
  health: '/healthz',
  /** Whether this instance can do its work: database, delivery engine turning, Redis (server/src/ops/readiness.ts). */
  ready: '/readyz',
  /** Prometheus metrics, behind METRICS_TOKEN (server/src/ops/metrics.ts). */
  metrics: '/metrics',
  appConfig: '/app-config.json',
  /** A superadmin binds an account to the Google account whose sign-in it refused (docs/product/rights.md#accounts-and-sign-in). */
  linkSignIn: '/api/v1/admin/users/:id/link-sign-in',
  /** Accounts whose email a sign-in from another Google account was refused for, waiting for that link. */
  refusedSignIns: '/api/v1/admin/users/refused-sign-ins',
} as const;

export const REMOTE_NAMES = ['janaza', 'events', 'members', 'summary'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

/** Pages that links in messages open (the light public app's). */
export const SIGNUP_PAGES = {
  confirmEmail: '/subscribe/confirm',
  unsubscribe: '/unsubscribe',
} as const;

/** The form of the `?token=` those links carry (tokenSchema's, and the pages' own check before they call). */
export const LINK_TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;

/** Every dashboard page lives under this path; the shell (the federation host) draws them. */
export const DASHBOARD_PATH = '/dashboard';

/**
 * The signed-out pages of the light public app (no antd, no federation), each with its build entry: a page is one
 * script of its own and `<entry>.html`, which the server sends for its path.
 */
export const PUBLIC_APP_PAGES = {
  '/': 'landing',
  '/login': 'login',
  '/thanks': 'thanks',
  [SIGNUP_PAGES.confirmEmail]: 'confirm',
  [SIGNUP_PAGES.unsubscribe]: 'unsubscribe',
} as const;

/** docs/product/screens.md#403-page: the light public app's page for every path that is neither one of its pages nor the dashboard's. */
export const FORBIDDEN_ENTRY = 'forbidden';

export const PUBLIC_APP_ENTRIES = [...Object.values(PUBLIC_APP_PAGES), FORBIDDEN_ENTRY] as const;
export type PublicAppEntry = (typeof PUBLIC_APP_ENTRIES)[number];

/**
 * The signed-out pages, each drawn by antd at build time (the public-pages package): static HTML in both languages
 * and a small script each; the landing page's feed is put in by the server.
 */
export const STATIC_PAGE_ENTRIES = PUBLIC_APP_ENTRIES;
export type StaticPageEntry = PublicAppEntry;

/** The public-pages package's dist/, and the URL path its files are served from. */
export const PUBLIC_PAGES_DIR = 'public-pages';

/** The light public app's entry for a URL (its query and a final slash ignored); undefined for the dashboard's. */
export function publicAppEntry(url: string): PublicAppEntry | undefined {
  const path = url.split('?')[0].replace(/(.)\/+$/, '$1');
  if (path === DASHBOARD_PATH || path.startsWith(`${DASHBOARD_PATH}/`)) return undefined;
  return Object.hasOwn(PUBLIC_APP_PAGES, path)
    ? PUBLIC_APP_PAGES[path as keyof typeof PUBLIC_APP_PAGES]
    : FORBIDDEN_ENTRY;
}

/**
 * Public sign-up (no sign-in): the landing page subscribes a visitor on one channel with chosen
 * topics and language. Links in messages come back to the /subscribe/confirm and
 * /unsubscribe pages, which call these endpoints.
 */
export const SIGNUP_API = {
  /** GET: which channels can be chosen, the VAPID public key, the Telegram bot's name. */
  options: '/api/public/signup/options',
  /** GET: a proof-of-work challenge (ALTCHA) the page solves before an email or WhatsApp sign-up. */
  challenge: '/api/public/signup/challenge',
  /** POST {subscription, topics, language} -> 201; the browser is subscribed at once. */
  webpush: '/api/public/signup/webpush',
  /** POST {endpoint}: the browser stops receiving pushes. */
  webpushRemove: '/api/public/signup/webpush/remove',
  /** POST {email, topics, language, altcha} -> 202; a confirmation link is mailed, nothing else is sent before it is clicked. */
  email: '/api/public/signup/email',
  /** POST {token}: the confirmation link's token. */
  emailConfirm: '/api/public/signup/email/confirm',
  /** POST {topics, language} -> {link}: a t.me deep link whose /start token registers the chat. */
  telegram: '/api/public/signup/telegram',
  /** POST: Telegram's webhook (X-Telegram-Bot-Api-Secret-Token checked). */
  telegramWebhook: '/api/public/telegram/webhook',
  /** POST {phone, topics, language, altcha} -> 202; a code is sent over WhatsApp. */
  whatsapp: '/api/public/signup/whatsapp',
  /** POST {phone, code}. */
  whatsappConfirm: '/api/public/signup/whatsapp/confirm',
  /** GET (verification handshake) and POST (messages; X-Hub-Signature-256 checked): WhatsApp Cloud API webhook. */
  whatsappWebhook: '/api/public/whatsapp/webhook',
  /** POST {token}: the unsubscribe link of every email (and the page /unsubscribe). */
  unsubscribe: '/api/public/unsubscribe',
  /** POST List-Unsubscribe=One-Click (RFC 8058), the List-Unsubscribe header's URL. */
  oneClickUnsubscribe: (token: string) => `/api/public/unsubscribe/${token}`,
} as const;

/**
 * The public feed on the landing page: upcoming approved, non-private janaza notices and published
 * events, each with an .ics file. Nothing here needs a session.
 */
export const FEED_API = {
  feed: '/api/public/feed',
  /** In English, or in Tamil with language 'ta'. */
  janazaIcs: (id: string, language?: 'en' | 'ta') =>
    `/api/public/feed/janaza/${id}.ics${language === 'ta' ? '?lang=ta' : ''}`,
  eventIcs: (id: string) => `/api/public/feed/events/${id}.ics`,
  /** An upload that belongs to an approved non-private notice or a published event; 404 otherwise. */
  image: (id: string) => `/api/public/images/${id}`,
} as const;

/**
 * The link to a janaza notice that messages and calendar files carry. The server answers it with the landing page and
 * the notice's preview (Open Graph) in the link's language, so a link shared in a chat shows the notice; the page
 * scrolls to the notice's card. Links to `/#janaza-<id>` sent before still work.
 */
export const NOTICE_PARAM = 'notice';
export const noticeLink = (id: string, language: Language) =>
  `/?${NOTICE_PARAM}=${encodeURIComponent(id)}&lang=${language}`;

/**
 * The id of an item's card on the landing page: messages and calendar files link to `/#<anchor>`,
 * the feed gives its cards these ids.
 */
export const FEED_ANCHOR = {
  janaza: (id: string) => `janaza-${id}`,
  event: (id: string) => `event-${id}`,
} as const;
