#!/usr/bin/env node
// The server compiled for production (docs/decisions/2026-11-29-compiled-server.md): `node server/dist/main.js` runs it
// with no TypeScript loader. esbuild bundles server/src and the workspace packages it imports (written in TypeScript,
// which node cannot load); every package from the registry stays an import of node_modules (native better-sqlite3 and
// sharp, and everything else, exactly as installed). The migrations and the web push encryption thread are entries of
// their own, because the server loads them by path at run time.
//
// server/dist mirrors server/src: a file that finds its neighbours from its own address (import.meta.url: the
// migrations folder, the icons, the repository root with the front-end builds) is given the address it has in that
// mirror (src/pages/web-app.ts: dist/pages/web-app.js), so `../../icons/` leads to server/icons/ from either.
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const serverDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = resolve(serverDir, '..');
const srcDir = join(serverDir, 'src');
const outDir = join(serverDir, 'dist');

/** The workspace packages' names (root package.json's workspaces): bundled, since node cannot run their TypeScript. */
const workspaces = new Set(
  JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')).workspaces.map(
    (dir) => JSON.parse(readFileSync(join(repoRoot, dir, 'package.json'), 'utf8')).name,
  ),
);
const packageName = (specifier) =>
  specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0];

/** Bare imports of registry packages stay imports: node resolves them in node_modules at run time. */
const registryPackagesExternal = {
  name: 'registry-packages-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('node:') || workspaces.has(packageName(args.path))) return undefined;
      return { path: args.path, external: true };
    });
  },
};

/**
 * In server/src, `import.meta.url` becomes the address the file has in server/dist (built next to the bundle's chunk,
 * at dist's top level); files outside server/src (the workspace packages) read no neighbour of their own at run time.
 */
const ownAddress = {
  name: 'own-address',
  setup(b) {
    b.onLoad({ filter: /\.tsx?$/ }, (args) => {
      if (!args.path.startsWith(srcDir + '/')) return undefined;
      const source = readFileSync(args.path, 'utf8');
      if (!source.includes('import.meta.url')) return undefined;
      const mirrored = `./${relative(srcDir, args.path).replace(/\.tsx?$/, '.js')}`;
      return {
        contents: source.replaceAll('import.meta.url', `new URL(${JSON.stringify(mirrored)}, import.meta.url).href`),
        loader: args.path.endsWith('.tsx') ? 'tsx' : 'ts',
      };
    });
  },
};

const migrations = readdirSync(join(srcDir, 'db', 'migrations'))
  .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts') && !name.endsWith('.d.ts'))
  .map((name) => join(srcDir, 'db', 'migrations', name));

rmSync(outDir, { recursive: true, force: true });
const started = Date.now();
await build({
  // main.js at dist's top level: the addresses ownAddress gives are relative to it (and to the shared chunks beside it).
  entryPoints: [join(srcDir, 'main.ts'), join(srcDir, 'delivery', 'channels', 'webpush-worker.ts'), ...migrations],
  outbase: srcDir,
  outdir: outDir,
  bundle: true,
  splitting: true,
  // Chunks (code the entries share, the feed renderer loaded on first use) at dist's top level too, beside main.js.
  chunkNames: '[name]-[hash]',
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  sourcemap: true,
  // `node --enable-source-maps` reports errors at their TypeScript lines.
  sourcesContent: false,
  jsx: 'automatic',
  logLevel: 'warning',
  plugins: [registryPackagesExternal, ownAddress],
  banner: { js: '// UmmahNotify server, built by server/scripts/build.mjs from server/src: do not edit.' },
});
console.log(`server built into ${relative(repoRoot, outDir)}/ in ${Date.now() - started} ms`);
