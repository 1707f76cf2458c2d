import { FILES_DIR } from './layout';
import { readRecords, recordKey } from './records';
import type { SectionBucket } from './section-bucket';

/**
 * A file written this recently is left even when no build record names it: it may be another deploy's of the same
 * section, uploading now, whose record comes after its files. A deploy takes minutes; an hour also covers a clock
 * that differs from the bucket's.
 */
export const PRUNE_GRACE_MS = 60 * 60 * 1000;

/**
 * Keeps the newest `keep` build records and the live one, deletes the others, then the files under files/ that no
 * kept build needs and that were written more than `graceMs` ago: a visitor holding a kept build's manifest still
 * loads every chunk of it, and a deploy running beside this one keeps what it uploaded.
 */
export async function pruneBuilds(
  bucket: SectionBucket,
  keep: number,
  live: string,
  graceMs = PRUNE_GRACE_MS,
): Promise<{ builds: string[]; files: number }> {
  const records = await readRecords(bucket);
  const kept = records.filter((record, index) => index < keep || record.build === live);
  const dropped = records.filter((record) => !kept.includes(record));
  const needed = new Set(kept.flatMap((record) => [record.manifest, ...record.files]));
  const writtenBefore = Date.now() - graceMs;
  const unneeded = (await bucket.list(FILES_DIR))
    .filter(({ key, modified }) => !needed.has(key) && modified.getTime() <= writtenBefore)
    .map(({ key }) => key);
  // The records first: a record left without its files would offer a rollback to a build that cannot load.
  await bucket.remove(dropped.map((record) => recordKey(record.build)));
  await bucket.remove(unneeded);
  return { builds: dropped.map((record) => record.build), files: unneeded.length };
}
