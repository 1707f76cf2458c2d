import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { z } from 'zod';
import { contentTypeOf } from './content-type';
import { FILES_DIR } from './layout';

/** A section's build refused before anything is uploaded: not built, or holding a file the deploy cannot name. */
export class DistRefused extends Error {}

/** One object of a build as it goes into the bucket. */
export interface DistFile {
  /** Its key under the section's prefix: `files/<name>`. */
  key: string;
  /** The bytes uploaded: the brotli sibling's where the file has one. */
  body: Buffer;
  contentType: string;
  contentEncoding?: 'br';
}

/** A built section as it will be deployed. */
export interface SectionDist {
  label: string;
  /** The key of the renamed manifest: `files/mf-manifest.<sha256-8>.json`. */
  manifest: string;
  /** The first 8 hex of the renamed manifest's SHA-256 (the build id's end). */
  manifestHash: string;
  files: DistFile[];
  /** What the build holds that is not uploaded (mf-stats.json, the entry's source map). */
  notUploaded: string[];
}

const ENTRY = 'remoteEntry.js';
const MANIFEST = 'mf-manifest.json';
const BUILD_FILE = 'build.json';
/**
 * Unhashed files a build may hold and that are not uploaded: the federation's stats (read at build time only) and
 * the entry's source map, which the entry names by its unhashed name, the same for every build.
 */
const NOT_UPLOADED = new Set(['mf-stats.json', `${ENTRY}.map`]);

/** A name that changes when its content does: `main.1a2b3c4d.js`, `x-0a1b2c3d4e.css`, anything in `ocr-1a2b3c4d/`. */
export const isHashed = (path: string): boolean =>
  /[.-][0-9a-f]{8,}\./.test(path.split('/').pop() ?? '') || /(^|\/)[^/]*-[0-9a-f]{8,}\//.test(path);

const sha8 = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex').slice(0, 8);

const buildFileSchema = z.object({ label: z.string().min(1) });
const manifestSchema = z.looseObject({
  metaData: z.looseObject({ name: z.string(), remoteEntry: z.looseObject({ name: z.literal(ENTRY) }) }),
});

/** A JSON file of the build, or undefined if it is not JSON. */
function readJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/** Every file under `dir`, as paths relative to it with '/' between folders. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => name.split('\\').join('/'))
    .filter((name) => statSync(join(dir, name)).isFile())
    .sort();
}

/**
 * A section's `dist/` as built, read for a deploy: every file under its own name in files/, remoteEntry.js and
 * mf-manifest.json under their SHA-256 (the manifest naming the renamed entry), each file's brotli sibling (.br)
 * in its place. Refused: no build, no build.json or manifest, the build of another container than `container`
 * (`remote_events`), or an unhashed file the deploy cannot name.
 */
export function readSectionDist(dir: string, container?: string): SectionDist {
  if (!existsSync(dir)) throw new DistRefused(`${dir} does not exist: build the section first`);
  const all = filesUnder(dir);
  const present = new Set(all);
  for (const needed of [BUILD_FILE, MANIFEST, ENTRY]) {
    if (!present.has(needed)) throw new DistRefused(`${dir} has no ${needed}: build the section again`);
  }
  // X.br and X.gz beside X are X's compressed copies (scripts/precompress.mjs), not files of their own.
  const own = all.filter((name) => !/\.(br|gz)$/.test(name) || !present.has(name.replace(/\.(br|gz)$/, '')));
  const stray = own.filter(
    (name) => !isHashed(name) && ![ENTRY, MANIFEST, BUILD_FILE].includes(name) && !NOT_UPLOADED.has(name),
  );
  if (stray.length > 0) {
    throw new DistRefused(
      `${dir} holds files whose names do not change with their content, which the bucket would keep as immutable: ${stray.join(', ')}. Give them a [contenthash] in the build, or remove them.`,
    );
  }
  const build = buildFileSchema.safeParse(readJson(join(dir, BUILD_FILE)));
  if (!build.success) throw new DistRefused(`${dir}/${BUILD_FILE} has no label: build the section again`);
  const manifest = manifestSchema.safeParse(readJson(join(dir, MANIFEST)));
  if (!manifest.success) {
    throw new DistRefused(`${dir}/${MANIFEST} is not a federation manifest whose remoteEntry is ${ENTRY}`);
  }
  if (container && manifest.data.metaData.name !== container) {
    throw new DistRefused(`${dir} is the build of ${manifest.data.metaData.name}, not of ${container}`);
  }

  const entryBytes = readFileSync(join(dir, ENTRY));
  const entryName = `remoteEntry.${sha8(entryBytes)}.js`;
  const withBrotli = (name: string, key: string): DistFile => {
    const brotli = present.has(`${name}.br`);
    return {
      key,
      body: readFileSync(join(dir, brotli ? `${name}.br` : name)),
      contentType: contentTypeOf(name),
      ...(brotli ? { contentEncoding: 'br' as const } : {}),
    };
  };
  const hashed = own.filter(isHashed).map((name) => withBrotli(name, `${FILES_DIR}${name}`));

  const data = manifest.data;
  const renamed = {
    ...data,
    metaData: { ...data.metaData, remoteEntry: { ...data.metaData.remoteEntry, name: entryName } },
  };
  const manifestBytes = Buffer.from(`${JSON.stringify(renamed, null, 2)}\n`);
  const manifestHash = sha8(manifestBytes);
  const manifestKey = `${FILES_DIR}mf-manifest.${manifestHash}.json`;
  const manifestFile: DistFile = present.has(`${MANIFEST}.br`)
    ? {
        key: manifestKey,
        body: brotliCompressSync(manifestBytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        contentType: contentTypeOf(MANIFEST),
        contentEncoding: 'br',
      }
    : { key: manifestKey, body: manifestBytes, contentType: contentTypeOf(MANIFEST) };

  return {
    label: build.data.label,
    manifest: manifestKey,
    manifestHash,
    files: [...hashed, withBrotli(ENTRY, `${FILES_DIR}${entryName}`), manifestFile],
    notUploaded: own.filter((name) => NOT_UPLOADED.has(name)),
  };
}
