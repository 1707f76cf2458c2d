import type { CORSRule } from '@aws-sdk/client-s3';
import { type DistFile, readSectionDist } from './dist';
import { type BuildRecord, POINTER_FILE } from './layout';
import { pruneBuilds } from './prune';
import { buildIdOf, readPointer, writePointer, writeRecord } from './records';
import type { SectionBucket } from './section-bucket';

/** Every object under files/: its name changes with its content, so a browser may keep it for a year unasked. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Uploads at once. */
const PARALLEL = 8;
export const DEFAULT_KEEP = 10;

export interface DeployOptions {
  /** The section's dist/ as built. */
  dist: string;
  deployedBy: string;
  /** The federation container the build must be of (`remote_events`); any when unset. */
  container?: string;
  /** The shell's origin (PUBLIC_URL's), which the bucket's CORS rule lets read the section. */
  shellOrigin: string;
  /** Build records kept (the live one always). */
  keep?: number;
  /** How old a file no kept build needs must be to be removed (prune.ts, PRUNE_GRACE_MS by default). */
  pruneGraceMs?: number;
  now?: () => Date;
}

export interface DeployReport {
  build: string;
  label: string;
  manifest: string;
  uploaded: { count: number; bytes: number; keys: string[] };
  alreadyThere: { count: number; bytes: number };
  notUploaded: string[];
  pruned: { builds: string[]; files: number };
  /** The CORS rule, and whether the deploy could set it (else it is for the bucket's owner to set). */
  cors: { rule: CORSRule; set: boolean };
  /** The build live before this deploy, if any. */
  previous: string | undefined;
  /** REMOTE_<NAME>_URL's value: current.json's public address. */
  pointerUrl: string;
}

/** GET and HEAD from the shell's page: what the browser does with a section's files. */
export const corsRule = (origin: string): CORSRule => ({
  AllowedOrigins: [origin],
  AllowedMethods: ['GET', 'HEAD'],
  AllowedHeaders: ['*'],
  MaxAgeSeconds: 3600,
});

/** Runs `work` on each item, at most `limit` at a time; the first failure stops the rest from starting. */
async function eachLimited<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < items.length) {
      const item = items[next++] as T;
      try {
        await work(item);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * Deploys a section's built dist/ to its bucket (docs/decisions/2026-11-29-section-builds-in-their-bucket.md): the
 * files not there yet into files/, the build's record into builds/, then current.json, last, so a deploy stopped
 * halfway leaves the live build as it was; then prunes to the newest `keep` builds and sets the CORS rule.
 */
export async function deploySection(bucket: SectionBucket, options: DeployOptions): Promise<DeployReport> {
  const dist = readSectionDist(options.dist, options.container);
  // Read first: a wrong key or secret is refused here, before anything is written.
  const before = await readPointer(bucket);
  const now = (options.now ?? (() => new Date()))();
  const build = buildIdOf(now, dist.manifestHash);

  const uploaded = { count: 0, bytes: 0, keys: [] as string[] };
  const alreadyThere = { count: 0, bytes: 0 };
  await eachLimited(dist.files, PARALLEL, async (file: DistFile) => {
    const tally = (await bucket.has(file.key)) ? alreadyThere : uploaded;
    if (tally === uploaded) {
      await bucket.put(file.key, file.body, {
        contentType: file.contentType,
        cacheControl: IMMUTABLE,
        ...(file.contentEncoding ? { contentEncoding: file.contentEncoding } : {}),
      });
      uploaded.keys.push(file.key);
    }
    tally.count += 1;
    tally.bytes += file.body.length;
  });

  const at = now.toISOString();
  const record: BuildRecord = {
    build,
    label: dist.label,
    manifest: dist.manifest,
    deployedAt: at,
    deployedBy: options.deployedBy,
    files: dist.files.map((file) => file.key).sort(),
  };
  uploaded.keys.sort();
  await writeRecord(bucket, record);
  await writePointer(bucket, { build, label: dist.label, manifest: dist.manifest, since: at, by: options.deployedBy });

  const pruned = await pruneBuilds(bucket, options.keep ?? DEFAULT_KEEP, build, options.pruneGraceMs);
  const rule = corsRule(options.shellOrigin);
  const corsSet = await bucket.setCors([rule]);
  return {
    build,
    label: dist.label,
    manifest: dist.manifest,
    uploaded,
    alreadyThere,
    notUploaded: dist.notUploaded,
    pruned,
    cors: { rule, set: corsSet },
    pointerUrl: `${bucket.publicBase}${POINTER_FILE}`,
    previous: before?.build,
  };
}
