/**
 * The federation kit: the antd components, icons and router exports the shell ships to every remote. The
 * `antd`, `@ant-design/icons` and `react-router-dom` shared singletons are the kit modules below, not the whole
 * libraries, so a page downloads only the kit (tree-shaken) instead of all of antd, every icon and the whole
 * router. A remote may import from these libraries only what the kit exports; its build stops otherwise, naming
 * what is missing and what to do (decision record docs/decisions/2026-11-24-federation-kit.md).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.dirname(fileURLToPath(import.meta.url));

export const KIT = {
  antd: { module: path.join(ROOT, 'shared/client/src/federation-kit/antd.ts'), what: 'component' },
  '@ant-design/icons': { module: path.join(ROOT, 'shared/client/src/federation-kit/icons.ts'), what: 'icon' },
  'react-router-dom': { module: path.join(ROOT, 'shared/client/src/federation-kit/router.ts'), what: 'export' },
} as const;
export type KitLibrary = keyof typeof KIT;

/** Every package whose code runs in the federation (the shell and the client, shared/client, use the kit's modules too). */
export const FEDERATION_PACKAGES = [
  'shell',
  'shared/client',
  ...(JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).workspaces as string[]).filter((w) =>
    w.startsWith('remote-'),
  ),
];

const SOURCE = /\.tsx?$/;
const TEST = /\.test\.tsx?$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true })
    .map((f) => path.join(dir, String(f)))
    .filter((f) => SOURCE.test(f) && !TEST.test(f));
}

/** Names of the values (not types) `src/` of a package imports from `library`, e.g. Button from 'antd'. */
export function importedNames(packageDir: string, library: KitLibrary): Set<string> {
  const statement = new RegExp(`import\\s+(?!type\\b)\\{([^}]*)\\}\\s*from\\s*['"]${library}['"]`, 'g');
  const names = new Set<string>();
  for (const file of sourceFiles(path.join(packageDir, 'src'))) {
    for (const match of readFileSync(file, 'utf8').matchAll(statement)) {
      for (const specifier of match[1].split(',')) {
        const name = specifier.trim().split(/\s+as\s+/)[0];
        if (name && !name.startsWith('type ')) names.add(name);
      }
    }
  }
  return names;
}

/** What a kit module exports (its `export { A, B } from '...'` lists). */
export function kitExports(library: KitLibrary): Set<string> {
  const source = readFileSync(KIT[library].module, 'utf8');
  const names = [...source.matchAll(/export\s*\{([^}]*)\}/g)].flatMap((m) => m[1].split(','));
  return new Set(names.map((n) => n.trim()).filter(Boolean));
}

/**
 * Throws when a package imports from antd or @ant-design/icons something the kit does not ship: at run time it
 * would be undefined in the shell's singleton. The message names each one and what to do.
 */
export function checkKit(packageDir: string): void {
  const problems: string[] = [];
  for (const library of Object.keys(KIT) as KitLibrary[]) {
    const shipped = kitExports(library);
    const missing = [...importedNames(packageDir, library)].filter((name) => !shipped.has(name));
    for (const name of missing)
      problems.push(
        `${path.basename(packageDir)} imports the ${library} ${KIT[library].what} ${name}, which the shell does not ship.`,
      );
  }
  if (problems.length)
    throw new Error(
      `${problems.join('\n')}\nAdd it to ${problems.length > 1 ? 'the kit modules' : 'the kit module'} in shared/client/src/federation-kit/, ` +
        'rebuild and deploy the shell first, then build and deploy this package (rspack.federation-kit.ts says why).',
    );
}
