#!/usr/bin/env node
// The floor under the byte targets of bench/frontend/budgets.json: what the chosen libraries alone weigh, with none of the application's
// code, no federation runtime and no catalogue. Each row is one rspack production build of a page that imports the
// libraries and the antd components the real page's files import (read from those files, so the rows follow the
// code), tree-shaken from antd's ES modules as the real build does, in one file, brotli at quality 11 as
// scripts/precompress.mjs sends it. Deterministic: run `node bench/frontend/floor.mjs`; figures in bench/README.md.
// Its file lists name the antd pages as they were before the light public app (commit 200710e): the public pages have
// moved to shell/src/publicApp since, without antd. To run it again, run it in a checkout of 200710e.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { rspack } from '@rspack/core';
import { kb, ROOT } from './page-walk.mjs';

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
/** Where the data libraries are called from: the shared client, the domain's schemas, the shell and the remote. */
const DATA_FILES = ['shared/src/client', 'shared/src/domain', 'shell/src', 'remote-janaza/src'];
const LOGIN_DATA = ['axios', 'zustand'];
const LANDING_DATA = [...LOGIN_DATA, 'zod', '@tanstack/react-query'];
const JANAZA_DATA = [...LANDING_DATA, 'dayjs'];

/** The text of the files under `paths` (a file or a folder each), tests left out. */
function readSources(paths) {
  return paths.flatMap((p) => {
    const full = join(ROOT, p);
    const files = /\.tsx?$/.test(p)
      ? [full]
      : readdirSync(full, { recursive: true })
          .map(String)
          .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
          .map((f) => join(full, f));
    return files.map((file) => readFileSync(file, 'utf8'));
  });
}

/**
 * What the sources take from `library`, as they import it: the default export (`default`), the named exports (type
 * imports left out), and for a namespace-like export such as zod's `z` the members they call (`z.object(`), since
 * the real build keeps only those. A library imported as a whole namespace would weigh far more than it does.
 */
function importsOf(sources, library) {
  const names = new Set();
  const from = `from\\s*'${library.replace(/[/.]/g, '\\$&')}'`;
  for (const source of sources) {
    if (new RegExp(`import\\s+\\w+\\s*(?:,\\s*\\{[^}]*\\})?\\s*${from}`).test(source)) names.add('default');
    for (const match of source.matchAll(new RegExp(`import\\s*(?:\\w+\\s*,\\s*)?\\{([^}]*)\\}\\s*${from}`, 'g'))) {
      for (const part of match[1].split(',')) {
        const name = part.trim();
        if (name && !name.startsWith('type ')) names.add(name.split(/\s+as\s+/)[0]);
      }
    }
  }
  const members = new Set();
  if (names.has('z'))
    for (const source of sources)
      for (const match of source.matchAll(/\bz\.(\w+)\s*\(|instanceof\s+z\.(\w+)/g)) members.add(match[1] ?? match[2]);
  return { names: [...names].sort(), members: [...members].sort() };
}

const antdImports = (paths) => importsOf(readSources(paths), 'antd').names;
const DATA_SOURCES = readSources(DATA_FILES);
const data = (libraries) => libraries.map((library) => ({ library, ...importsOf(DATA_SOURCES, library) }));

const PAGES = [
  { row: 'react-dom rendering one element', libraries: [], antd: [], router: false },
  { row: '+ i18next, react-i18next, react-router-dom', libraries: [], antd: [], router: true },
  { row: '+ antd: ConfigProvider and Button only', libraries: [], antd: ['Button', 'ConfigProvider'], router: true },
  { row: '+ the antd of `/login`', libraries: [], antd: antdImports(LOGIN_FILES), router: true, target: 150 },
  { row: '+ the antd of `/`', libraries: [], antd: antdImports(LANDING_FILES), router: true, target: 150 },
  {
    row: '+ the antd of the janaza list (shell dashboard, janaza remote), axios, zustand, zod, TanStack Query, dayjs',
    libraries: data(JANAZA_DATA),
    antd: antdImports(JANAZA_FILES),
    router: true,
    target: 350,
  },
  // The public pages without antd (their look from plain markup and CSS), with the libraries their code calls.
  {
    row: 'without antd: react-dom, i18next, react-router-dom, axios, zustand (`/login`: API client, auth store)',
    libraries: data(LOGIN_DATA),
    antd: [],
    router: true,
    target: 150,
  },
  {
    row: 'without antd: the same + zod, TanStack Query (`/`: sign-up schemas, the feed)',
    libraries: data(LANDING_DATA),
    antd: [],
    router: true,
    target: 150,
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
  libraries.forEach(({ library, names, members }, i) => {
    const named = names.filter((name) => name !== 'default');
    const imported = [
      names.includes('default') ? `library${i}` : '',
      named.length ? `{ ${named.map((n) => `${n} as library${i}_${n}`).join(', ')} }` : '',
    ]
      .filter(Boolean)
      .join(', ');
    lines.push(`import ${imported} from '${library}';`);
    if (names.includes('default')) keep.push(`library${i}`);
    for (const name of named)
      keep.push(
        ...(members.length && name === 'z' ? members.map((m) => `library${i}_z.${m}`) : [`library${i}_${name}`]),
      );
  });
  if (antd.length) lines.push(`import { ${antd.join(', ')} } from 'antd';`);
  keep.push(...antd);
  // Referenced, so tree-shaking keeps them, as a page that renders or calls them would.
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

const brotli = (bytes) => brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;

const dir = mkdtempSync(join(tmpdir(), 'un-floor-'));
try {
  console.log('| page (libraries only, no application code) | antd components | JS, brotli | target |');
  console.log('|---|---|---|---|');
  for (const [i, page] of PAGES.entries()) {
    writeFileSync(join(dir, `page${i}.js`), entrySource(page));
    const bytes = await build(dir, `page${i}`);
    const antd = page.antd.length ? `${page.antd.length}` : '-';
    console.log(`| ${page.row} | ${antd} | ${kb(brotli(bytes))} | ${page.target ? `${page.target} KB` : ''} |`);
  }
  console.log("\nThe antd components, as the pages' files import them:");
  for (const page of PAGES.filter((p) => p.antd.length)) console.log(`- ${page.row}: ${page.antd.join(', ')}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
