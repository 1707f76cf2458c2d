import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

/** The server as production runs it (`npm run serve`, deploy/ummahnotify.service): `node` on the build's output. */
export const COMPILED_MAIN = join(repoRoot, 'server', 'dist', 'main.js');

/** What the build compiles into server/dist (server/scripts/build.mjs): its sources and the workspace packages'. */
const SOURCES = ['server/src', 'shared/core/src', 'shared/domain/src', 'public-pages/src'].map((d) =>
  join(repoRoot, d),
);

function newestIn(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestIn(path));
    else if (!entry.name.endsWith('.test.ts')) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

/**
 * `node`'s arguments that start the compiled server as the unit file's ExecStart does, after checking that it exists and is not older than a source it is built from: a
 * test of a stale build would test other code than the tree's. `npm test` builds it before the server tests.
 */
export function compiledServerArgs(): string[] {
  if (!existsSync(COMPILED_MAIN))
    throw new Error('server/dist/main.js is missing: run `npm run build -w server` first');
  const built = statSync(COMPILED_MAIN).mtimeMs;
  const stale = SOURCES.find((dir) => newestIn(dir) > built);
  if (stale) throw new Error(`server/dist is older than ${stale}: run \`npm run build -w server\` again`);
  return ['--enable-source-maps', COMPILED_MAIN];
}
