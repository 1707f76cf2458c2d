import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { GOOGLE_MODE_ENV } from '../../test/support/server';
import { buildApp } from '../app';
import { loadConfig } from '../config';

let app: FastifyInstance;
let root: string;
before(async () => {
  root = mkdtempSync(join(tmpdir(), 'un-robots-'));
  const config = loadConfig({
    DATA_DIR: join(root, 'data'),
    PUBLIC_URL: 'https://notify.example.sg',
    ...GOOGLE_MODE_ENV,
  });
  app = await buildApp(config, { logger: false, frontendRoot: root });
});
after(async () => {
  await app.close();
  rmSync(root, { recursive: true, force: true });
});

test('/robots.txt is a robots file (RFC 9309), not the 403 page: the landing page and the sign-in open, the rest closed, the sitemap named', async () => {
  const res = await app.inject('/robots.txt');
  assert.equal(res.statusCode, 200);
  assert.match(String(res.headers['content-type']), /^text\/plain/);
  assert.equal(
    res.body,
    [
      'User-agent: *',
      'Disallow: /dashboard',
      'Disallow: /api/',
      'Disallow: /thanks',
      'Disallow: /subscribe/confirm',
      'Disallow: /unsubscribe',
      '',
      'Sitemap: https://notify.example.sg/sitemap.xml',
      '',
    ].join('\n'),
  );
});

test('/sitemap.xml lists the landing page (sitemaps.org 0.9)', async () => {
  const res = await app.inject('/sitemap.xml');
  assert.equal(res.statusCode, 200);
  assert.match(String(res.headers['content-type']), /^application\/xml/);
  assert.equal(
    res.body,
    '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
      '  <url><loc>https://notify.example.sg/</loc></url>\n</urlset>\n',
  );
});
