import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/**
 * What this server is: the product's version and the commit it was built from, read once at start from release.json,
 * which the build writes at the repository root (scripts/release.mjs). No git at run time. Without a build (a
 * development or test run from the source): the root package.json's version and no commit.
 */
export interface Release {
  version: string;
  commit: string | null;
}

const ROOT = new URL('../../../', import.meta.url);
const releaseFile = z.object({ version: z.string().min(1), commit: z.string().min(1).nullable() });

export function readRelease(root: URL = ROOT): Release {
  const built = fileURLToPath(new URL('release.json', root));
  if (existsSync(built)) return releaseFile.parse(JSON.parse(readFileSync(built, 'utf8')));
  const { version } = z
    .object({ version: z.string().min(1) })
    .parse(JSON.parse(readFileSync(fileURLToPath(new URL('package.json', root)), 'utf8')));
  return { version, commit: null };
}

export const RELEASE: Release = readRelease();
