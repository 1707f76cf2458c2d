import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { LANGUAGES, type Language } from '@ummahnotify/core';
import type { FeedResponse } from '@ummahnotify/domain';
import type { FastifyBaseLogger } from 'fastify';
import { hasFeedSlots } from 'public-pages/feed-slot';
import type { Db } from '../db/connect';
import { publicFeed } from '../features/feed/store';

/** How many versions of the feed keep their HTML: the current one and the few before it. */
const KEPT_FEEDS = 4;

/** What the builds write beside each file (scripts/precompress.mjs), done here once for each page sent. */
const ENCODERS = {
  br: (page: string) =>
    promisify(brotliCompress)(page, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }) as Promise<Buffer>,
  gzip: (page: string) => promisify(gzip)(page, { level: 9 }) as Promise<Buffer>,
} as const;
export type Encoding = keyof typeof ENCODERS;

/** The encoding to send a page in, for the request's Accept-Encoding (brotli first); undefined: as it is. */
export function encodingFor(acceptEncoding: string | undefined): Encoding | undefined {
  const accepted = (acceptEncoding ?? '')
    .split(',')
    .map((part) => part.trim().split(';'))
    .filter(([, q]) => !/^\s*q=0(\.0*)?\s*$/.test(q ?? ''))
    .map(([name]) => name.trim().toLowerCase());
  return (Object.keys(ENCODERS) as Encoding[]).find((encoding) => accepted.includes(encoding));
}

/** Keeps the latest `size` values of a map, the one just used last. */
function remember<V>(map: Map<string, V>, key: string, value: V, size: number): V {
  map.delete(key);
  map.set(key, value);
  for (const old of map.keys()) if (map.size > size) map.delete(old);
  return value;
}

type FeedRenderer = typeof import('public-pages/feed');
/**
 * The feed's renderer (antd, React's server renderer), loaded by the first landing page that has feed slots: a server
 * or a test that never sends one does not load it.
 */
let renderer: Promise<FeedRenderer> | undefined;
function feedRenderer(): Promise<FeedRenderer> {
  renderer ??= import('public-pages/feed');
  return renderer;
}

/**
 * The built pages the server changes before sending (the landing page, every signed-out page in demo mode), each read
 * once and again when its file changes. `read(path)`: the page's HTML.
 */
export function builtPages() {
  const files = new Map<string, { mtimeMs: number; size: number; html: string }>();
  return {
    async read(path: string): Promise<string> {
      const { mtimeMs, size } = await stat(path);
      const known = files.get(path);
      if (known?.mtimeMs === mtimeMs && known.size === size) return known.html;
      const html = await readFile(path, 'utf8');
      files.set(path, { mtimeMs, size, html });
      return html;
    },
  };
}

/** How many pages as sent keep their compressed bytes (both encodings of a few feeds, notice links, demo pages). */
const KEPT_COMPRESSED = 32;

/**
 * Pages as the server sends them, compressed as the builds compress their files (scripts/precompress.mjs), each once:
 * kept by what the page says (its hash), so the same page sent again (the same feed, the same notice link's preview)
 * costs a hash and no compression. `encoded(page, encoding)`: the compressed bytes.
 */
export function compressedPages() {
  const kept = new Map<string, Promise<Buffer>>();
  return {
    encoded(page: string, encoding: Encoding): Promise<Buffer> {
      const key = `${encoding}:${createHash('sha256').update(page).digest('base64url')}`;
      return remember(kept, key, kept.get(key) ?? ENCODERS[encoding](page), KEPT_COMPRESSED);
    },
  };
}

/**
 * The landing page as it is sent: the built page with the public feed drawn by the server in each language frame's
 * slot (public-pages/src/landing/), so the feed is there without JavaScript. The feed is read for each request; its
 * HTML is drawn again only when the feed changed (a notice or an event was added, changed, withdrawn or has passed),
 * kept by a hash of the feed. A page built without slots (a build from before) is left as it is.
 */
export function landingPages(db: Db, pages = builtPages()) {
  /** The feed's HTML in each language, by the hash of the feed (null: it could not be read), the latest last. */
  const drawn = new Map<string, Record<Language, string>>();

  async function feedHtml(log: FastifyBaseLogger): Promise<Record<Language, string>> {
    let feed: FeedResponse | null = null;
    try {
      feed = await publicFeed(db);
    } catch (error) {
      // The error serializer hides credentials in URLs (web/log-redaction.ts).
      log.error({ err: error }, 'landing page: the public feed could not be read; the page says so');
    }
    const key = feed === null ? 'failed' : createHash('sha256').update(JSON.stringify(feed)).digest('base64url');
    let html = drawn.get(key);
    if (!html) {
      const { renderFeed } = await feedRenderer();
      html = Object.fromEntries(LANGUAGES.map((language) => [language, renderFeed(feed, language)])) as Record<
        Language,
        string
      >;
    }
    return remember(drawn, key, html, KEPT_FEEDS);
  }

  return {
    /**
     * The landing page of `path` with the feed in its slots (`filled`), or as the file is when it has none. `log`:
     * the request's, for a feed that could not be read.
     */
    async withFeed(path: string, log: FastifyBaseLogger): Promise<{ page: string; filled: boolean }> {
      const page = await pages.read(path);
      if (!hasFeedSlots(page)) return { page, filled: false };
      const html = await feedHtml(log);
      const { fillFeedSlots } = await feedRenderer();
      return { page: fillFeedSlots(page, (language) => html[language]), filled: true };
    },
  };
}
