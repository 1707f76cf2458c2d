import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import { API_PATHS, PUBLIC_PAGES_DIR, publicAppEntry, REMOTE_NAMES } from '@ummahnotify/core';
import { type AppConfig, appConfigSchema } from '@ummahnotify/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DEMO_BANNER_HIDDEN, showDemoBanner } from 'public-pages/demo-banner';
import { registerWithAccess } from '../auth/guard';
import type { Config } from '../config';
import type { Db } from '../db/connect';
import { body } from '../web/errors';
import { builtPages, compressedPages, encodingFor, landingPages } from './landing';
import { noticePreviewTags, withPreview } from './notice-preview';
import { remoteLocations } from './remote-pointers';
import { registerSectionBuilds } from './section-builds-route';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * Content-hashed files never change, nor do the files of a folder a build named by their content (the events remote's
 * `ocr-<sha256-8>/`); everything else (index.html, mf-manifest.json, remoteEntry.js) is revalidated.
 */
export function setCacheHeaders(reply: FastifyReply, path: string): void {
  const hashed =
    /[.-][0-9a-f]{8,}\.(js|css|woff2?|png|jpe?g|svg|webp|wasm)(\.br|\.gz)?$/.test(path) ||
    /[/\\]dist[/\\][\w-]+-[0-9a-f]{8}[/\\]/.test(path);
  reply.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
}

export function appConfig(config: Config, remotes: AppConfig['remotes'] = config.remotes): AppConfig {
  return { apiUrl: config.apiUrl, demo: config.demo, supportWhatsapp: config.supportWhatsapp, remotes };
}

/** Where a page's HTML is: the package whose dist/ holds it, and the file. */
export interface PageFile {
  dist: 'shell' | 'public-pages';
  file: string;
}

/** Where builds from before the public-pages package kept the signed-out pages, inside the shell's dist/. */
const OLD_PUBLIC_APP_DIR = 'public-app';

/**
 * The page a path gets: the dashboard's are the shell's, every signed-out page (the landing page, 403 for unknown
 * paths) the static pages' (public-pages).
 */
export function pageFile(url: string): PageFile {
  const entry = publicAppEntry(url);
  return entry ? { dist: 'public-pages', file: `${entry}.html` } : { dist: 'shell', file: 'index.html' };
}

/**
 * Serves the pages (any non-API path gets one, chosen by pageFile: the shell's index.html for the dashboard, the
 * landing page, the static signed-out pages) and
 * each remote's build under /remotes/<name>/, as one origin for local use and demos. In production
 * the remotes may live elsewhere: REMOTE_*_URL in /app-config.json tells the shell where, a bucket's current.json
 * followed to the section's live build (remote-pointers.ts).
 */
export async function registerFrontend(app: FastifyInstance, config: Config, db: Db, root = REPO_ROOT): Promise<void> {
  const locations = remoteLocations(config.remotes, { log: app.log, root });
  const route = { schema: { response: { 200: appConfigSchema } }, config: { access: 'public' } } as const;
  app.withTypeProvider<ZodTypeProvider>().get(API_PATHS.appConfig, route, async (_request, reply) => {
    reply.header('Cache-Control', 'no-cache');
    return appConfig(config, await locations.manifests());
  });
  registerSectionBuilds(app, locations);

  const dists = { shell: join(root, 'shell', 'dist'), 'public-pages': join(root, 'public-pages', 'dist') };
  const shellDist = dists.shell;
  // preCompressed: the builds write .br and .gz beside each file (scripts/precompress.mjs).
  const files = { preCompressed: true, setHeaders: setCacheHeaders };
  // reply.sendFile for the not-found handler below, which lives at the root: this instance serves nothing.
  await app.register(fastifyStatic, { root: shellDist, serve: false, ...files });
  // @fastify/static passes no route options through, so its routes take their access from registerWithAccess.
  await registerWithAccess(app, 'public', fastifyStatic, {
    root: shellDist,
    prefix: '/',
    // `/` is a page like any other, chosen by pageFile() below: no directory index, and the not-found handler.
    index: false,
    allowedPath: (pathName: string) => pathName !== '/',
    wildcard: true,
    decorateReply: false,
    ...files,
  });
  await registerWithAccess(app, 'public', fastifyStatic, {
    root: dists['public-pages'],
    prefix: `/${PUBLIC_PAGES_DIR}/`,
    decorateReply: false,
    ...files,
  });
  for (const name of REMOTE_NAMES) {
    await registerWithAccess(app, 'public', fastifyStatic, {
      root: join(root, `remote-${name}`, 'dist'),
      prefix: `/remotes/${name}/`,
      decorateReply: false,
      ...files,
    });
  }

  const pages = builtPages();
  const landing = landingPages(db, pages);
  const compressed = compressedPages();
  /** A page the server changed, compressed as the built files are for a browser that accepts it. */
  const sendChanged = async (request: FastifyRequest, reply: FastifyReply, html: string) => {
    reply.type('text/html; charset=utf-8');
    // Beside what was named before (CORS names Origin), not in place of it.
    const named = String(reply.getHeader('Vary') ?? '');
    reply.header(
      'Vary',
      /\baccept-encoding\b/i.test(named) ? named : [named, 'Accept-Encoding'].filter(Boolean).join(', '),
    );
    const encoding = encodingFor(request.headers['accept-encoding']);
    if (!encoding) return reply.send(html);
    return reply.header('Content-Encoding', encoding).send(await compressed.encoded(html, encoding));
  };
  app.setNotFoundHandler(async (request, reply) => {
    const wantsPage =
      request.method === 'GET' && !request.url.startsWith('/api/') && !request.url.startsWith('/remotes/');
    if (!wantsPage)
      return reply.status(404).send(body(404, `Nothing at ${request.method} ${request.url.split('?')[0]}`));
    // A build from before the static pages (bench/frontend's "before") has them in the light public app, and one
    // from before that serves every page from the shell.
    const chosen = pageFile(request.url);
    const older: PageFile[] = [
      { dist: 'shell', file: `${OLD_PUBLIC_APP_DIR}/${chosen.file}` },
      { dist: 'shell', file: 'index.html' },
    ];
    const page = [chosen, ...older].find((p) => existsSync(join(dists[p.dist], p.file)));
    if (!page) {
      return reply.status(503).type('text/plain').send('The dashboard is not built yet: run `npm run build` first.');
    }
    reply.header('Cache-Control', 'no-cache');
    const path = join(dists[page.dist], page.file);
    // The landing page (an older build's included, not the dashboard's index.html of a build from before it) gets
    // the public feed in its slots, and a notice link's preview in its head.
    const isLanding = chosen.file === pageFile('/').file && page !== older.at(-1);
    let html: string | undefined;
    if (isLanding) {
      const preview = await noticePreviewTags(db, request.url, config.publicUrl);
      const { page: landingPage, filled } = await landing.withFeed(path, request.log);
      if (filled || preview) html = preview ? withPreview(landingPage, preview) : landingPage;
    }
    // In demo mode a signed-out page comes with its demo banner shown: drawn with the page, it moves nothing later.
    if (config.demo && page.dist === 'public-pages') {
      const built = html ?? (await pages.read(path));
      if (built.includes(DEMO_BANNER_HIDDEN)) html = showDemoBanner(built);
    }
    if (html !== undefined) return sendChanged(request, reply, html);
    return reply.sendFile(page.file, dists[page.dist]);
  });
}
