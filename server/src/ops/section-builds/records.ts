import {
  BUILDS_DIR,
  type BuildRecord,
  buildRecordSchema,
  type LivePointer,
  livePointerSchema,
  POINTER_FILE,
} from './layout';
import type { SectionBucket } from './section-bucket';

/** current.json and the build records: small, read on every load of the API server, so never cached unchecked. */
const JSON_HEADERS = { contentType: 'application/json; charset=utf-8', cacheControl: 'no-cache' };

/** A build's id: the deploy's UTC time to the second and the first 8 hex of its manifest's SHA-256. */
export const buildIdOf = (at: Date, manifestHash: string): string =>
  `${at.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z-${manifestHash}`;

export const recordKey = (build: string): string => `${BUILDS_DIR}${build}.json`;

/** The live build, or undefined before the first deploy. */
export async function readPointer(bucket: SectionBucket): Promise<LivePointer | undefined> {
  const text = await bucket.read(POINTER_FILE);
  return text === undefined ? undefined : livePointerSchema.parse(JSON.parse(text));
}

/** Written last of a deploy, and alone by a rollback: the API server follows it. */
export async function writePointer(bucket: SectionBucket, pointer: LivePointer): Promise<void> {
  const text = JSON.stringify(livePointerSchema.parse(pointer), null, 2);
  await bucket.put(POINTER_FILE, Buffer.from(`${text}\n`), JSON_HEADERS);
}

export async function writeRecord(bucket: SectionBucket, record: BuildRecord): Promise<void> {
  const text = JSON.stringify(buildRecordSchema.parse(record), null, 2);
  await bucket.put(recordKey(record.build), Buffer.from(`${text}\n`), JSON_HEADERS);
}

/** Every build record in the bucket, newest first (build ids sort by deploy time). */
export async function readRecords(bucket: SectionBucket): Promise<BuildRecord[]> {
  const keys = (await bucket.list(BUILDS_DIR)).map(({ key }) => key).filter((key) => key.endsWith('.json'));
  const records = await Promise.all(
    keys.map(async (key) => buildRecordSchema.parse(JSON.parse((await bucket.read(key)) ?? 'null'))),
  );
  return records.sort((a, b) => (a.build < b.build ? 1 : a.build > b.build ? -1 : 0));
}
