// Lighthouse on a phone (its default mobile profile: Moto G Power, slow 4G simulated, CPU slowed 4x) on the public
// pages a visitor meets: `/`, `/login` and a notice's link `/?notice=<id>`, each in English and in Tamil (`?lang=ta`,
// what a Tamil message's link carries). Each page is run RUNS times and the median of each figure is kept, as
// Lighthouse's own docs advise for a score that varies from run to run
// (https://github.com/GoogleChrome/lighthouse/blob/main/docs/variability.md).
//
// Lighthouse is not a dependency of the project: install the pinned version once beside it and point at it.
//   npm install --prefix /opt/lh lighthouse@12.2.3
//   LIGHTHOUSE=/opt/lh/node_modules/.bin/lighthouse CHROME_PATH=/usr/bin/chromium \
//     node bench/frontend/lighthouse.mjs http://127.0.0.1:3900 [runs]
// The server is any running one with an approved, non-private janaza notice in its feed (the demo server has one).
// ONLY=<page>,<language> (e.g. ONLY='/login ta,/?notice=<id> en') runs only those; CPU_SLOWDOWN=<n> replaces the
// profile's 4x (Lighthouse's figure for a desktop of benchmark index 1 500-2 000 to act as a mid-range phone) on a
// faster machine. A run Lighthouse ends with a runtime error (NO_NAVSTART, a trace it failed to record) is made again,
// at most twice.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const base = (process.argv[2] ?? 'http://127.0.0.1:3900').replace(/\/$/, '');
const runs = Number(process.argv[3] ?? 3);
const lighthouse = process.env.LIGHTHOUSE ?? 'lighthouse';

const feed = await (await fetch(`${base}/api/public/feed`)).json();
const notice = feed.janaza[0]?._id;
if (!notice) throw new Error(`${base}/api/public/feed has no janaza notice to open`);

const pages = [
  ['/', '/'],
  ['/login', '/login'],
  ['/?notice=<id>', `/?notice=${notice}`],
];
const out = mkdtempSync(join(tmpdir(), 'lighthouse-'));
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const only = process.env.ONLY?.split(',').map((s) => s.trim());
const slowdown = process.env.CPU_SLOWDOWN ? [`--throttling.cpuSlowdownMultiplier=${process.env.CPU_SLOWDOWN}`] : [];

function lighthouseRun(url, file) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return execFileSync(lighthouse, [
        url,
        '--quiet',
        '--chrome-flags=--headless=new --no-sandbox',
        '--output=json',
        `--output-path=${file}`,
        ...slowdown,
      ]);
    } catch (error) {
      if (attempt === 3) throw error;
      console.error(`${url}: Lighthouse failed (${String(error.stderr).trim()}); again`);
    }
  }
}

const rows = [];
for (const [name, path] of pages) {
  for (const language of ['en', 'ta']) {
    if (only && !only.includes(`${name} ${language}`)) continue;
    const url = `${base}${path}${language === 'ta' ? `${path.includes('?') ? '&' : '?'}lang=ta` : ''}`;
    const reports = [];
    for (let run = 0; run < runs; run += 1) {
      const file = join(out, `${rows.length}-${run}.json`);
      lighthouseRun(url, file);
      reports.push(JSON.parse(readFileSync(file, 'utf8')));
    }
    const figure = (pick) => median(reports.map(pick));
    const score = (id) => Math.round(figure((r) => r.categories[id].score) * 100);
    const audit = (id) => figure((r) => r.audits[id].numericValue);
    rows.push({
      page: name,
      language,
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      cls: Number(audit('cumulative-layout-shift').toFixed(3)),
      benchmarkIndex: Math.round(figure((r) => r.environment.benchmarkIndex)),
      fcpMs: Math.round(audit('first-contentful-paint')),
      lcpMs: Math.round(audit('largest-contentful-paint')),
      tbtMs: Math.round(audit('total-blocking-time')),
      performanceRuns: reports.map((r) => Math.round(r.categories.performance.score * 100)).join('/'),
      failing: [
        ...new Set(
          reports.flatMap((r) =>
            Object.values(r.categories)
              .filter((c) => c.id !== 'performance')
              .flatMap((c) => c.auditRefs.filter((a) => a.weight > 0 && r.audits[a.id].score !== 1).map((a) => a.id)),
          ),
        ),
      ].join(' '),
    });
  }
}
console.table(rows);
// The same as the rows of bench/frontend/lighthouse.md's tables.
for (const r of rows)
  console.log(
    `| \`${r.page}\` | ${r.language} | ${r.performance} (${r.performanceRuns}) | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${r.cls} | ${r.fcpMs} ms | ${r.lcpMs} ms | ${r.tbtMs} ms | ${r.benchmarkIndex} |`,
  );
console.log(
  `reports in ${out}; Lighthouse ${JSON.parse(readFileSync(join(out, '0-0.json'), 'utf8')).lighthouseVersion}`,
);
