#!/usr/bin/env node
// The floor under issue 12's byte targets: what the chosen libraries alone weigh, with none of the application's
// code, no federation runtime and no catalogue. Each row is one rspack production build of a page that imports the
// libraries and the antd components the real page's files import (read from those files, so the rows follow the
// code), tree-shaken from antd's ES modules as the real build does, in one file, brotli at quality 11 as
// scripts/precompress.mjs sends it. Deterministic: run `node bench/frontend/floor.mjs`; figures in bench/README.md.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { rspack } from '@rspack/core';
import { ROOT } from './page-walk.mjs';

/** The files whose `import { ... } from 'antd'` make up a page's antd (tests left out). */
const LOGIN_FILES = [
  'shell/src/pages/LoginPage.tsx',
  'shell/src/pages/PublicPage.tsx',
  'shell/src/layout/DemoBanner.tsx',
  'shared/src/client/ui/LanguageSwitch.tsx',
  'shared/src/client/ui/AppProviders.tsx',
  'shared/src/client/ui/useToast.ts',
];
const LANDING_FILES = [
  ...LOGIN_FILES,
  'shell/src/pages/LandingPage.tsx',
  'shell/src/feed',
  ...['SignupSection', 'WebPushPanel', 'EmailPanel', 'TelegramPanel', 'WhatsappPanel', 'Outcome'].map(
    (name) => `shell/src/signup/${name}.tsx`,
  ),
];
const JANAZA_FILES = [
  ...LOGIN_FILES,
  'shared/src/client',
  'shell/src/layout',
  'shell/src/dashboard',
  'shell/src/remotes',
  'remote-janaza/src',
];
/** What every dashboard section also loads: the API client, schemas, server data cache, auth store, dates. */
const DATA_LIBRARIES = ['axios', 'zod', '@tanstack/react-query', 'zustand', 'dayjs'];

function sourceFiles(paths) {
  return paths.flatMap((p) => {
    const full = join(ROOT, p);
    if (/\.tsx?$/.test(p)) return [full];
    return readdirSync(full, { recursive: true })
      .map(String)
      .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
      .map((f) => join(full, f));
  });
}

function antdImports(paths) {
  const names = new Set();
  for (const file of sourceFiles(paths)) {
    for (const match of readFileSync(file, 'utf8').matchAll(/import\s*\{([^}]*)\}\s*from\s*'antd'/g)) {
      for (const part of match[1].split(',')) {
        const name = part.trim().replace(/^type\s+/, '');
        if (name && !part.trim().startsWith('type ')) names.add(name.split(/\s+as\s+/)[0]);
      }
    }
  }
  return [...names].sort();
}

const PAGES = [
  { row: 'react-dom rendering one element', libraries: [], antd: [], router: false },
  { row: '+ i18next, react-i18next, react-router-dom', libraries: [], antd: [], router: true },
  { row: '+ antd: ConfigProvider and Button only', libraries: [], antd: ['Button', 'ConfigProvider'], router: true },
  { row: '+ the antd of `/login`', libraries: [], antd: antdImports(LOGIN_FILES), router: true, target: 150 },
  { row: '+ the antd of `/`', libraries: [], antd: antdImports(LANDING_FILES), router: true, target: 150 },
  {
    row: '+ the antd of the janaza list (shell dashboard, janaza remote) and the data libraries',
    libraries: DATA_LIBRARIES,
    antd: antdImports(JANAZA_FILES),
    router: true,
    target: 350,
  },
];

function entrySource({ libraries, antd, router }) {
  const lines = ["import { createElement } from 'react';", "import { createRoot } from 'react-dom/client';"];
  const keep = [];
  if (router) {
    lines.push("import i18next from 'i18next';", "import { initReactI18next } from 'react-i18next';");
    lines.push("import { BrowserRouter } from 'react-router-dom';");
    lines.push("i18next.use(initReactI18next).init({ resources: { en: { common: { hi: 'hi' } } }, lng: 'en' });");
  }
  libraries.forEach((library, i) => {
    lines.push(`import * as library${i} from '${library}';`);
    keep.push(`library${i}`);
  });
  if (antd.length) lines.push(`import { ${antd.join(', ')} } from 'antd';`);
  keep.push(...antd);
  // Referenced, so tree-shaking keeps them, as a page that renders them would.
  lines.push(`globalThis.__floor = [${keep.join(', ')}];`);
  const page = "createElement('b', null, 'hi')";
  lines.push(
    `createRoot(document.getElementById('root')).render(${router ? `createElement(BrowserRouter, null, ${page})` : page});`,
  );
  return lines.join('\n');
}

function build(dir, name) {
  const compiler = rspack({
    mode: 'production',
    context: dir,
    entry: { [name]: `./${name}.js` },
    output: { path: join(dir, 'dist'), filename: '[name].js' },
    resolve: { modules: [join(ROOT, 'node_modules')] },
    module: {
      rules: [
        {
          test: /\.js$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          // As rspack.base.ts: antd from its ES modules, one by one.
          options: { transformImport: [{ libraryName: 'antd', libraryDirectory: 'es' }] },
        },
      ],
    },
    optimization: { splitChunks: false },
    devtool: false,
  });
  return new Promise((resolve, reject) =>
    compiler.run((error, stats) => {
      if (error || stats.hasErrors()) reject(error ?? new Error(stats.toString('errors-only')));
      else compiler.close(() => resolve(readFileSync(join(dir, 'dist', `${name}.js`))));
    }),
  );
}

const brotli = (bytes) => brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length / 1024;

const dir = mkdtempSync(join(tmpdir(), 'un-floor-'));
try {
  console.log('| page (libraries only, no application code) | antd components | JS, brotli | issue 12 target |');
  console.log('|---|---|---|---|');
  for (const [i, page] of PAGES.entries()) {
    writeFileSync(join(dir, `page${i}.js`), entrySource(page));
    const bytes = await build(dir, `page${i}`);
    const antd = page.antd.length ? `${page.antd.length}` : '-';
    console.log(
      `| ${page.row} | ${antd} | ${brotli(bytes).toFixed(1)} KB | ${page.target ? `${page.target} KB` : ''} |`,
    );
  }
  console.log("\nThe antd components, as the pages' files import them:");
  for (const page of PAGES.filter((p) => p.antd.length)) console.log(`- ${page.row}: ${page.antd.join(', ')}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
