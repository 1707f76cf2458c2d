import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { LANGUAGES, type Language } from '@ummahnotify/core';
import type { FeedResponse } from '@ummahnotify/domain';
import type { FastifyBaseLogger } from 'fastify';
import { hasFeedSlots } from 'public-pages/feed-slot';
import type { Db } from '../db/connect';
import { publicFeed } from '../features/feed/store';

/** How many versions of the feed keep their HTML: the current one and the few before it. */
const KEPT_FEEDS = 4;

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
 * The landing page as it is sent: the built page (read once, and again when its file changes) with the public feed
 * drawn by the server in each language frame's slot (public-pages/src/landing/), so the feed is there without
 * JavaScript. The feed is read for each request; its HTML is drawn again only when the feed changed (a notice or an
 * event was added, changed, withdrawn or has passed), kept by a hash of the feed. A page built without slots (a build
 * from before) is left as it is.
 */
export function landingPages(db: Db) {
  let file: { path: string; mtimeMs: number; size: number; html: string } | undefined;
  /** The feed's HTML in each language, by the hash of the feed (null: it could not be read), the latest last. */
  const drawn = new Map<string, Record<Language, string>>();

  async function read(path: string): Promise<string> {
    const { mtimeMs, size } = await stat(path);
    if (file?.path !== path || file.mtimeMs !== mtimeMs || file.size !== size)
      file = { path, mtimeMs, size, html: await readFile(path, 'utf8') };
    return file.html;
  }

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
    if (html) drawn.delete(key);
    else {
      const { renderFeed } = await feedRenderer();
      html = Object.fromEntries(LANGUAGES.map((language) => [language, renderFeed(feed, language)])) as Record<
        Language,
        string
      >;
    }
    drawn.set(key, html);
    for (const old of drawn.keys()) if (drawn.size > KEPT_FEEDS) drawn.delete(old);
    return html;
  }

  return {
    /**
     * The landing page of `path` with the feed in its slots (`filled`), or as the file is when it has none. `log`:
     * the request's, for a feed that could not be read.
     */
    async withFeed(path: string, log: FastifyBaseLogger): Promise<{ page: string; filled: boolean }> {
      const page = await read(path);
      if (!hasFeedSlots(page)) return { page, filled: false };
      const html = await feedHtml(log);
      const { fillFeedSlots } = await feedRenderer();
      return { page: fillFeedSlots(page, (language) => html[language]), filled: true };
    },
  };
}
