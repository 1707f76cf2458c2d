import { z } from 'zod';

/**
 * How a section's builds sit in its bucket (docs/decisions/2026-11-29-section-builds-in-their-bucket.md), under the
 * prefix of REMOTE_<NAME>_BUCKET:
 *
 *   files/<name>            every file of every build, content-addressed: the build's hashed names as they are,
 *                           remoteEntry.js and mf-manifest.json renamed with their own SHA-256 (FILES_DIR);
 *                           all immutable, so a returning visitor downloads only what changed
 *   builds/<build-id>.json  one record per deployed build (BuildRecord): what it is and which files it needs
 *   current.json            the live build (LivePointer), written last and read by the API server
 */
export const FILES_DIR = 'files/';
export const BUILDS_DIR = 'builds/';
export const POINTER_FILE = 'current.json';

/** A build's id: when it was deployed (UTC, sortable) and the first 8 hex of its manifest's SHA-256. */
export const BUILD_ID = /^\d{8}T\d{6}Z-[0-9a-f]{8}$/;

export const livePointerSchema = z.object({
  build: z.string().regex(BUILD_ID),
  /** The build's UN_BUILD_LABEL (dist/build.json), as the section's "Section build: …" line shows it. */
  label: z.string().min(1),
  /** The build's mf-manifest, relative to current.json: `files/mf-manifest.<sha256-8>.json`. */
  manifest: z.string().startsWith(FILES_DIR),
  /** When this build went live (an ISO instant: the deploy's, or the rollback's that pointed back at it). */
  since: z.iso.datetime(),
  /** Who made it live: the operating-system user of the deploy or rollback, or DEPLOYED_BY. */
  by: z.string().min(1),
});
export type LivePointer = z.infer<typeof livePointerSchema>;

export const buildRecordSchema = z.object({
  build: z.string().regex(BUILD_ID),
  label: z.string().min(1),
  manifest: z.string().startsWith(FILES_DIR),
  deployedAt: z.iso.datetime(),
  deployedBy: z.string().min(1),
  /** Every key under files/ this build loads: what pruning with --keep must leave in place. */
  files: z.array(z.string().startsWith(FILES_DIR)),
});
export type BuildRecord = z.infer<typeof buildRecordSchema>;

/** The key of an object under a section's prefix ('' or 'events/'). */
export const keyIn = (prefix: string, name: string): string => `${prefix}${name}`;
