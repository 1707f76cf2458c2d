#!/usr/bin/env node
// The front end's size budget (npm test runs it after the builds): serves the repository's build as `npm start`
// does, walks the pages in new Chromium profiles (bench/frontend/page-walk.mjs; the admin's return visit in the same
// profile, HTTP cache kept) and fails when a page's JavaScript on the wire goes over its budget in
// bench/frontend/budgets.json. Bytes only: times belong in bench/.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { kb, launchChromium, ROOT, startServer, walkPages } from '../bench/frontend/page-walk.mjs';

const budgets = JSON.parse(readFileSync(join(ROOT, 'bench/frontend/budgets.json'), 'utf8'));
const port = Number(process.env.E2E_PORT_BASE ?? 4600) + 90;
const server = await startServer(ROOT, port);
const browser = await launchChromium();
let over = 0;
let within = 0;
try {
  const rows = await walkPages(browser, server.url);
  console.log('| page | JS on the wire | budget | |\n|---|---|---|---|');
  for (const row of rows) {
    const budget = budgets[row.page];
    if (budget === undefined) throw new Error(`bench/frontend/budgets.json has no budget for "${row.page}"`);
    // Public pages: no dashboard code and no icon set (a few icons they show are fine).
    const isPublic = row.page.startsWith('/');
    const ok = row.wire <= budget * 1024 && !(isPublic && (row.dashboardCode || row.icons > budgets.publicPageIcons));
    if (ok) within++;
    else over++;
    const extra = isPublic
      ? `, ${row.icons} icons${row.dashboardCode ? ', DASHBOARD CODE' : ''}`
      : row.overWire < row.files
        ? ` (${row.overWire} of ${row.files} scripts over the wire, the others from the HTTP cache or revalidated)`
        : '';
    console.log(`| ${row.page} | ${kb(row.wire)}${extra} | ${budget} KB | ${ok ? 'ok' : 'OVER BUDGET'} |`);
  }
  console.log(`size budget: ${within} within, ${over} over`);
} finally {
  await browser.close();
  await server.stop();
}
process.exit(over ? 1 : 0);
