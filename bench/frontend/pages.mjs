#!/usr/bin/env node
// JavaScript per page (bytes on the wire and decoded) of one build, served as `npm start` serves it.
// Usage: node bench/frontend/pages.mjs [frontendRoot] (default: this repository's own build).
import { kb, launchChromium, ROOT, scriptCount, startServer, walkPages } from './page-walk.mjs';

const server = await startServer(process.argv[2] ?? ROOT, 4850);
const browser = await launchChromium();
try {
  console.log('| page | scripts | JS on the wire (brotli) | JS decoded |\n|---|---|---|---|');
  for (const row of await walkPages(browser, server.url))
    console.log(`| ${row.page} | ${scriptCount(row)} | ${kb(row.wire)} | ${kb(row.decoded)} |`);
} finally {
  await browser.close();
  await server.stop();
}
