import { DASHBOARD_PATH, SIGNUP_PAGES } from '@ummahnotify/core';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
// the same five characters as XML's: its predefined entities, and &#39; is a character reference XML reads too
import { escapeHtml } from '../delivery/channels/email-render';

/**
 * Pages a search engine has no use for: the dashboard, the API, a link's one-time page and the page after sign-in.
 * The sign-in page stays open: a volunteer finds it by searching, and it shows nothing but the way in
 * (docs/decisions/2026-11-29-sign-in-page-open-to-search.md).
 */
const NOT_FOR_SEARCH = [DASHBOARD_PATH, '/api/', '/thanks', SIGNUP_PAGES.confirmEmail, SIGNUP_PAGES.unsubscribe];

/**
 * /robots.txt (RFC 9309) and the sitemap it points to (sitemaps.org protocol 0.9): the landing page is what the
 * public finds the service by; the rest is for staff or for one visitor's link. Without them /robots.txt answered
 * the 403 page's HTML, which search engines and Lighthouse's SEO audit read as an invalid file.
 */
export function registerRobots(app: FastifyInstance, config: Config): void {
  const route = { config: { access: 'public' } } as const;
  app.get('/robots.txt', route, async (_request, reply) => {
    reply.header('Cache-Control', 'public, max-age=3600').type('text/plain; charset=utf-8');
    return [
      'User-agent: *',
      ...NOT_FOR_SEARCH.map((path) => `Disallow: ${path}`),
      '',
      `Sitemap: ${config.publicUrl}/sitemap.xml`,
      '',
    ].join('\n');
  });
  app.get('/sitemap.xml', route, async (_request, reply) => {
    reply.header('Cache-Control', 'public, max-age=3600').type('application/xml; charset=utf-8');
    return [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      `  <url><loc>${escapeHtml(`${config.publicUrl}/`)}</loc></url>`,
      '</urlset>',
      '',
    ].join('\n');
  });
}
