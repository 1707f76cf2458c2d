import { FILES_DIR } from './layout';
import { readRecords, recordKey } from './records';
import type { SectionBucket } from './section-bucket';

/**
 * Keeps the newest `keep` build records and the live one, deletes the others, then the files under files/ that no
 * kept build needs: a visitor holding a kept build's manifest still loads every chunk of it.
 */
export async function pruneBuilds(
  bucket: SectionBucket,
  keep: number,
  live: string,
): Promise<{ builds: string[]; files: number }> {
  const records = await readRecords(bucket);
  const kept = records.filter((record, index) => index < keep || record.build === live);
  const dropped = records.filter((record) => !kept.includes(record));
  const needed = new Set(kept.flatMap((record) => [record.manifest, ...record.files]));
  const unneeded = (await bucket.list(FILES_DIR)).filter((key) => !needed.has(key));
  // The records first: a record left without its files would offer a rollback to a build that cannot load.
  await bucket.remove(dropped.map((record) => recordKey(record.build)));
  await bucket.remove(unneeded);
  return { builds: dropped.map((record) => record.build), files: unneeded.length };
}
