// The packages of the repository, read from the workspaces of package.json, so adding a remote-<name>
// workspace is enough for `npm run dev`, `npm run typecheck` and the bench to include it.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const WORKSPACES = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).workspaces;
export const REMOTE_PACKAGES = WORKSPACES.filter((w) => w.startsWith('remote-'));
/** What runs in the browser: the shell, the static public pages and every remote. */
export const FRONT_END_PACKAGES = ['shell', 'public-pages', ...REMOTE_PACKAGES];
