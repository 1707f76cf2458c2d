#!/usr/bin/env node
// The before / after / monolith comparison of bench/README.md (run bench/frontend/builds.mjs first). The three
// builds are served side by side by the real server in demo mode (bench/frontend/serve.mts), then:
// 1. JavaScript per page, on the wire (brotli, as sent) and decoded, in a new browser profile (page-walk.mjs);
// 2. time from navigation to the rendered page on a phone profile (390 x 844, CPU throttled 4x through CDP),
//    each run in a new profile (cold HTTP cache), RUNS runs per page, the three builds interleaved run by run:
//    as Playwright sees the page's element (it polls the page, so a busy main thread delays it), and as the browser
//    itself paints it (Element Timing: the element's first paint after navigation, `PAINTED`).
import { join } from 'node:path';
import {
  ADMIN,
  CONFIRM_LINK,
  JANAZA_LIST_PATH,
  kb,
  launchChromium,
  RENDERED,
  ROOT,
  scriptCount,
  signInDemo,
  startServer,
  walkPages,
} from './page-walk.mjs';

const RUNS = Number(process.env.RUNS ?? 15);
const VARIANTS = ['before', 'after', 'monolith'];
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
/**
 * The element each page's time ends with (RENDERED's), for the browser's own Element Timing, by the TIMED label:
 * the element whose own text is painted (the button's label, not the button).
 */
const PAINTED = {
  '/': '#get-notices-title',
  '/login': 'a[href$="/api/auth/google"] > span:last-child',
  '/subscribe/confirm': '.ant-result-title, .ant-result-title > h1',
};
// [label, path, rendered, signed in]: the public pages as a visitor (the login page ends a session it finds).
const TIMED = [
  ['/', '/', RENDERED.landing, false],
  ['/login', '/login', RENDERED.login, false],
  // The link of a confirmation email, opened on a phone.
  ['/subscribe/confirm', CONFIRM_LINK, RENDERED.result, false],
  ['janaza list (admin, signed in)', JANAZA_LIST_PATH, RENDERED.janazaList, true],
];

const servers = {};
for (const [i, name] of VARIANTS.entries())
  servers[name] = await startServer(join(ROOT, 'bench/frontend/.builds', name), 4860 + i);
const browser = await launchChromium();

/**
 * In the page before anything else: marks the element `selector` names for Element Timing as it is inserted (a build
 * whose markup lacks the attribute, a page drawn by script, gets it before its first paint) and keeps its paint time.
 */
function watchPaint(selector) {
  const mark = () => {
    for (const element of document.querySelectorAll(selector))
      if (!element.hasAttribute('elementtiming')) element.setAttribute('elementtiming', 'bench');
  };
  new MutationObserver(mark).observe(document, { childList: true, subtree: true });
  globalThis.__benchPainted = new Promise((resolve) =>
    new PerformanceObserver((list) => {
      const entry = list.getEntries().find((e) => e.identifier === 'bench');
      if (entry) resolve(entry.renderTime || entry.loadTime);
    }).observe({ type: 'element', buffered: true }),
  );
}

async function timeOnce(url, rendered, storageState, painted) {
  const context = await browser.newContext({ ...PHONE, storageState });
  if (painted) await context.addInitScript(watchPaint, painted);
  const page = await context.newPage();
  page.setDefaultTimeout(60_000); // a shared, busy machine with the CPU throttled 4x
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const started = performance.now();
  try {
    await page.goto(url, { waitUntil: 'commit' });
    await rendered(page);
    const seen = performance.now() - started;
    const paint = painted
      ? await page.evaluate(() =>
          Promise.race([globalThis.__benchPainted, new Promise((resolve) => setTimeout(() => resolve(null), 3000))]),
        )
      : null;
    return { seen, paint };
  } catch (error) {
    // Counted and reported as a failed run, with what the page showed, instead of ending the whole comparison.
    const shot = join(ROOT, 'bench/results/tmp', `frontend-failed-${Date.now()}.png`);
    await page.screenshot({ path: shot }).catch(() => {});
    console.error(`${url}: not rendered (${String(error).split('\n')[0]}); see ${shot}`);
    return null;
  } finally {
    await context.close();
  }
}

const at = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];

try {
  const bytes = {};
  for (const name of VARIANTS) bytes[name] = await walkPages(browser, servers[name].url);
  console.log('JavaScript per page, a new browser profile (wire = brotli as sent | decoded):\n');
  console.log(`| page | ${VARIANTS.join(' | ')} |\n|---|${VARIANTS.map(() => '---').join('|')}|`);
  for (const [i, row] of bytes.before.entries()) {
    const cells = VARIANTS.map(
      (v) => `${kb(bytes[v][i].wire)} / ${kb(bytes[v][i].decoded)} (${scriptCount(bytes[v][i])})`,
    );
    console.log(`| ${row.page} | ${cells.join(' | ')} |`);
  }

  const sessions = {};
  for (const name of VARIANTS) {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signInDemo(page, servers[name].url, ADMIN);
    sessions[name] = await context.storageState();
    await context.close();
  }
  const times = Object.fromEntries(VARIANTS.map((v) => [v, TIMED.map(() => [])]));
  const table = (runs, measure, title) => {
    const lines = [`| page | ${VARIANTS.join(' | ')} |`, `|---|${VARIANTS.map(() => '---').join('|')}|`];
    for (const [t, [label]] of TIMED.entries()) {
      if (measure === 'paint' && !PAINTED[label]) continue;
      const cells = VARIANTS.map((v) => {
        const sorted = times[v][t]
          .map((run) => run?.[measure] ?? null)
          .filter((ms) => ms !== null)
          .sort((a, b) => a - b);
        const failed = times[v][t].length - sorted.length;
        if (!sorted.length) return 'no run rendered';
        return `${at(sorted, 0.5).toFixed(0)} / ${at(sorted, 0.95).toFixed(0)} ms${failed ? ` (${failed} failed)` : ''}`;
      });
      lines.push(`| ${label} | ${cells.join(' | ')} |`);
    }
    return `${title}, phone profile (390 x 844, CPU 4x slower), ${runs} runs, median / p95:\n\n${lines.join('\n')}`;
  };
  const tables = (runs) =>
    `${table(runs, 'seen', 'Time to the rendered page (Playwright sees it)')}\n\n${table(runs, 'paint', "Time to the element's first paint (the browser's Element Timing)")}`;
  for (let run = 0; run < RUNS; run++) {
    for (const [t, [label, path, rendered, signedIn]] of TIMED.entries())
      for (const name of VARIANTS)
        times[name][t].push(
          await timeOnce(
            `${servers[name].url}${path}`,
            rendered,
            signedIn ? sessions[name] : undefined,
            PAINTED[label],
          ),
        );
    console.error(`after run ${run + 1}:\n${tables(run + 1)}`); // progress, on a busy machine
  }
  console.log(`\n${tables(RUNS)}`);
} finally {
  await browser.close();
  for (const server of Object.values(servers)) await server.stop();
}
