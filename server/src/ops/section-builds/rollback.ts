import type { LivePointer } from './layout';
import { readPointer, readRecords, writePointer } from './records';
import type { SectionBucket } from './section-bucket';

/** A rollback that cannot be done: no such build, or none before the live one. */
export class RollbackRefused extends Error {}

/**
 * Points current.json at build `target`, or at the one deployed before the live build: the only write a rollback
 * makes, since every kept build's files are still in files/.
 */
export async function rollbackSection(
  bucket: SectionBucket,
  options: { target?: string; by: string; now?: () => Date },
): Promise<{ from: string | undefined; to: LivePointer }> {
  const [live, records] = await Promise.all([readPointer(bucket), readRecords(bucket)]);
  const ids = records.map((record) => record.build);
  const chosen = options.target
    ? records.find((record) => record.build === options.target)
    : records.find((record) => live !== undefined && record.build < live.build);
  if (!chosen) {
    const there = ids.length > 0 ? `the builds there: ${ids.join(', ')}` : 'there are no builds in the bucket';
    throw new RollbackRefused(
      options.target
        ? `No build ${options.target} in the bucket; ${there}`
        : `No build deployed before the live one (${live?.build ?? 'none'}); ${there}`,
    );
  }
  const to: LivePointer = {
    build: chosen.build,
    label: chosen.label,
    manifest: chosen.manifest,
    since: (options.now ?? (() => new Date()))().toISOString(),
    by: options.by,
  };
  await writePointer(bucket, to);
  return { from: live?.build, to };
}
