import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import {
  APP_NAME,
  BRAND_COLOR,
  PAGE_BACKGROUND,
  WEB_APP_ICONS,
  WEB_APP_ICONS_PATH,
  WEB_APP_MANIFEST_PATH,
  webAppIconUrl,
} from '@ummahnotify/core';
import type { FastifyInstance } from 'fastify';
import { registerWithAccess } from '../auth/guard';
import { setCacheHeaders } from './frontend';

/** The committed icons and their SVG source (rendered by server/scripts/render-icons.ts, never at run time). */
export const ICONS_DIR = fileURLToPath(new URL('../../icons/', import.meta.url));

/**
 * The web app manifest (W3C Web Application Manifest): what a phone or a desktop browser installs when the site is
 * added to the Home Screen. It opens at the landing page, on its own without the browser's bars, and covers the whole
 * site (the dashboard too). English is its language: the name is the brand's, and the pages switch language themselves.
 */
export function webAppManifest() {
  return {
    id: '/',
    name: APP_NAME,
    short_name: APP_NAME,
    description: 'Janaza notices and community events, in English and Tamil.',
    lang: 'en',
    dir: 'ltr',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: BRAND_COLOR,
    background_color: PAGE_BACKGROUND,
    icons: WEB_APP_ICONS.map(({ file, size, purpose }) => ({
      src: webAppIconUrl(file),
      sizes: `${size}x${size}`,
      type: 'image/png',
      purpose,
    })),
  };
}

/**
 * `/manifest.webmanifest` (application/manifest+json) and the icons under `/icons/`. Neither name carries a hash, so
 * both are revalidated as the front end's unhashed files are (`no-cache`, with an ETag: a 304 while unchanged).
 */
export async function registerWebApp(app: FastifyInstance): Promise<void> {
  const manifest = JSON.stringify(webAppManifest());
  const etag = `"${createHash('sha256').update(manifest).digest('base64url').slice(0, 22)}"`;
  app.get(WEB_APP_MANIFEST_PATH, { config: { access: 'public' } }, async (request, reply) => {
    reply.header('Cache-Control', 'no-cache').header('ETag', etag);
    if (request.headers['if-none-match']?.split(/\s*,\s*/).includes(etag)) return reply.status(304).send();
    return reply.type('application/manifest+json; charset=utf-8').send(manifest);
  });
  // @fastify/static passes no route options through, so its route takes its access from registerWithAccess.
  await registerWithAccess(app, 'public', fastifyStatic, {
    root: ICONS_DIR,
    prefix: `${WEB_APP_ICONS_PATH}/`,
    decorateReply: false,
    setHeaders: setCacheHeaders,
  });
}
