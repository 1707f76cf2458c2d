import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { DEMO_BANNER_HIDDEN } from 'public-pages/demo-banner';
import { buildApp } from '../app';
import { loadConfig } from '../config';

describe('serving the shell and the remotes', () => {
  let app: FastifyInstance;
  let root: string;
  before(async () => {
    root = mkdtempSync(join(tmpdir(), 'un-front-'));
    mkdirSync(join(root, 'shell', 'dist'), { recursive: true });
    writeFileSync(join(root, 'shell', 'dist', 'index.html'), '<!doctype html><title>shell</title>');
    writeFileSync(join(root, 'shell', 'dist', 'main.1a2b3c4d.js'), 'console.log(1)');
    mkdirSync(join(root, 'shell', 'dist', 'public-app'), { recursive: true });
    writeFileSync(join(root, 'shell', 'dist', 'public-app', 'landing.html'), '<!doctype html><title>landing</title>');
    // The static signed-out pages are the public-pages package's build.
    mkdirSync(join(root, 'public-pages', 'dist'), { recursive: true });
    for (const page of ['login', 'thanks', 'confirm', 'unsubscribe', 'forbidden'])
      writeFileSync(join(root, 'public-pages', 'dist', `${page}.html`), `<!doctype html><title>${page}</title>`);
    // A page as the build writes it: a frame per language, each with its demo banner hidden.
    const frame = (language: string) => `<div data-lang="${language}">${DEMO_BANNER_HIDDEN}<p>demo</p></div></div>`;
    writeFileSync(
      join(root, 'public-pages', 'dist', 'unsubscribe.html'),
      `<!doctype html><title>unsubscribe</title>${frame('en')}${frame('ta')}`,
    );
    writeFileSync(join(root, 'public-pages', 'dist', 'login.5e1f0a2b.js'), '/* login */');
    mkdirSync(join(root, 'remote-janaza', 'dist'), { recursive: true });
    writeFileSync(join(root, 'remote-janaza', 'dist', 'mf-manifest.json'), '{}');
    writeFileSync(join(root, 'remote-janaza', 'dist', 'remoteEntry.js'), '/* entry */');
    writeFileSync(join(root, 'remote-janaza', 'dist', '12.f71c600b.js'), '/* chunk */');
    writeFileSync(join(root, 'remote-janaza', 'dist', '12.f71c600b.js.br'), brotliCompressSync('/* chunk */'));
    writeFileSync(join(root, 'remote-janaza', 'dist', '12.f71c600b.js.gz'), gzipSync('/* chunk */'));
    mkdirSync(join(root, 'remote-janaza', 'dist', 'ocr-0123abcd'), { recursive: true });
    writeFileSync(join(root, 'remote-janaza', 'dist', 'ocr-0123abcd', 'worker.min.js'), '/* worker */');
    const config = loadConfig({
      DATA_DIR: join(root, 'data'),
      SUPPORT_WHATSAPP: '+65 9123 4567',
      REMOTE_SUMMARY_URL: 'https://summary.cdn.example/',
    });
    app = await buildApp(config, { logger: false, frontendRoot: root });
  });
  after(async () => {
    await app.close();
    rmSync(root, { recursive: true, force: true });
  });

  test("the dashboard's routes get the shell, revalidated on every load", async () => {
    for (const path of [
      '/dashboard',
      '/dashboard/',
      '/dashboard/events/create',
      '/dashboard/janaza?x=1',
      '/index.html',
    ]) {
      const res = await app.inject(path);
      assert.equal(res.statusCode, 200, path);
      assert.match(res.body, /<title>shell<\/title>/);
      assert.equal(res.headers['cache-control'], 'no-cache', path);
    }
  });

  test('the signed-out pages get their page (the landing or a static one), with or without a query or a final slash', async () => {
    // docs/product/screens.md#route-table: /, /login, /thanks, the two pages of the links in messages, and 403 for anything else.
    const pages = {
      '/': 'landing',
      '/?lang=ta': 'landing',
      '/login': 'login',
      '/login/': 'login',
      '/login?error=expired': 'login',
      '/thanks': 'thanks',
      '/subscribe/confirm?token=abc': 'confirm',
      '/unsubscribe?token=abc': 'unsubscribe',
      '/anything-else': 'forbidden',
      '/login/more': 'forbidden',
      '/dashboards': 'forbidden',
      '/constructor': 'forbidden',
      '/no-such-file.js': 'forbidden',
    };
    for (const [path, page] of Object.entries(pages)) {
      const res = await app.inject(path);
      assert.equal(res.statusCode, 200, path);
      assert.match(res.body, new RegExp(`<title>${page}</title>`), path);
      assert.equal(res.headers['cache-control'], 'no-cache', path);
    }
  });

  test('in demo mode a signed-out page comes with its demo banner shown in every frame, compressed', async () => {
    // This server has no Google client: demo mode. The banner is drawn with the page, so it moves nothing later.
    const res = await app.inject({ url: '/unsubscribe?token=abc', headers: { 'accept-encoding': 'gzip, br' } });
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['content-encoding'], 'br');
    assert.match(String(res.headers.vary), /accept-encoding/i);
    assert.match(String(res.headers.vary), /\borigin\b/i, "CORS's Vary is kept beside it");
    assert.equal(res.headers['cache-control'], 'no-cache');
    const html = brotliDecompressSync(res.rawPayload).toString();
    assert.equal(html.split('<div data-demo="true">').length - 1, 2);
    assert.doesNotMatch(html, /hidden/);
    assert.equal((await app.inject('/unsubscribe')).body, html);
    // A page without the banner (the test's others) is sent as the build wrote it.
    assert.equal((await app.inject('/thanks')).body, '<!doctype html><title>thanks</title>');
  });

  test('hashed files are immutable; manifests and remote entries are not cached', async () => {
    assert.equal(
      (await app.inject('/main.1a2b3c4d.js')).headers['cache-control'],
      'public, max-age=31536000, immutable',
    );
    assert.equal(
      (await app.inject('/remotes/janaza/12.f71c600b.js')).headers['cache-control'],
      'public, max-age=31536000, immutable',
    );
    const script = await app.inject('/public-pages/login.5e1f0a2b.js');
    assert.equal(script.body, '/* login */');
    assert.equal(script.headers['cache-control'], 'public, max-age=31536000, immutable');
    assert.equal((await app.inject('/remotes/janaza/mf-manifest.json')).headers['cache-control'], 'no-cache');
    assert.equal((await app.inject('/remotes/janaza/remoteEntry.js')).headers['cache-control'], 'no-cache');
    // A folder the build named by its files' content (the events remote's OCR files).
    assert.equal(
      (await app.inject('/remotes/janaza/ocr-0123abcd/worker.min.js')).headers['cache-control'],
      'public, max-age=31536000, immutable',
    );
  });

  test('builds are sent precompressed (brotli or gzip) to browsers that accept it', async () => {
    const br = await app.inject({
      url: '/remotes/janaza/12.f71c600b.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    assert.equal(br.headers['content-encoding'], 'br');
    assert.equal(br.headers['cache-control'], 'public, max-age=31536000, immutable');
    const gz = await app.inject({ url: '/remotes/janaza/12.f71c600b.js', headers: { 'accept-encoding': 'gzip' } });
    assert.equal(gz.headers['content-encoding'], 'gzip');
    assert.equal(gunzipSync(gz.rawPayload).toString(), '/* chunk */');
    const plain = await app.inject('/remotes/janaza/12.f71c600b.js');
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.equal(plain.body, '/* chunk */');
  });

  test('unknown API paths and missing remote files are JSON 404s, not the shell', async () => {
    const api = await app.inject('/api/v1/nothing-here');
    assert.equal(api.statusCode, 404);
    assert.equal(api.json().code, 404);
    assert.equal((await app.inject('/remotes/janaza/missing.js')).statusCode, 404);
  });

  test('/app-config.json tells the shell where the API and each remote are', async () => {
    const res = await app.inject('/app-config.json');
    assert.deepEqual(res.json(), {
      apiUrl: '',
      demo: true,
      supportWhatsapp: '6591234567',
      remotes: {
        janaza: '/remotes/janaza/mf-manifest.json',
        events: '/remotes/events/mf-manifest.json',
        members: '/remotes/members/mf-manifest.json',
        summary: 'https://summary.cdn.example/mf-manifest.json',
      },
    });
  });

  test("the content security policy allows scripts only from us and the remotes' hosts", async () => {
    const csp = String((await app.inject('/')).headers['content-security-policy']);
    assert.match(csp, /script-src 'self' 'wasm-unsafe-eval' https:\/\/summary\.cdn\.example/);
    assert.doesNotMatch(csp, /script-src[^;]*'unsafe-inline'/);
  });
});
