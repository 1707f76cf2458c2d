import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REMOTE_NAMES, type RemoteName } from '@ummahnotify/core';
import type { SectionBuild } from '@ummahnotify/domain';
import { type LivePointer, livePointerSchema, POINTER_FILE } from '../ops/section-builds/layout';

/** How often the server asks a bucket again whether a section's live build changed (a conditional GET). */
export const POINTER_REVALIDATE_MS = 5_000;
/** How long one read of a pointer may take before the last one read is used. */
const POINTER_READ_MS = 3_000;

/** A REMOTE_<NAME>_URL naming a bucket's `current.json` is a pointer to follow, not a fixed manifest. */
export const isPointerUrl = (url: string): boolean => new URL(url, 'http://x').pathname.endsWith(`/${POINTER_FILE}`);

interface Held {
  pointer?: LivePointer;
  etag?: string;
  checkedAt: number;
  reading?: Promise<void>;
}

export interface RemoteLocations {
  /** Each remote's manifest as the shell loads it now: a fixed URL as configured, a pointer's live build. */
  manifests(): Promise<Record<RemoteName, string>>;
  /** What each section runs and since when, for the superadmin's summary. */
  builds(): Promise<SectionBuild[]>;
}

interface Options {
  log: { warn(details: object, message: string): void };
  /** The repository whose remote-<name>/dist the server serves at /remotes/<name>/. */
  root: string;
  now?: () => number;
  fetch?: typeof fetch;
}

/**
 * Where each remote is (docs/decisions/2026-11-29-section-builds-in-their-bucket.md). A pointer is read again at
 * most every POINTER_REVALIDATE_MS, with If-None-Match; if the bucket cannot be read, the pointer read last stays in
 * use and the failure is logged, so a bucket's hiccup never takes a section away.
 */
export function remoteLocations(configured: Record<RemoteName, string>, options: Options): RemoteLocations {
  const now = options.now ?? Date.now;
  const get = options.fetch ?? fetch;
  const held = new Map<RemoteName, Held>();

  const read = async (name: RemoteName, url: string, entry: Held) => {
    try {
      const answer = await get(url, {
        headers: entry.etag ? { 'If-None-Match': entry.etag } : {},
        signal: AbortSignal.timeout(POINTER_READ_MS),
      });
      if (answer.status === 304 && entry.pointer) return;
      if (!answer.ok) throw new Error(`HTTP ${answer.status}`);
      const parsed = livePointerSchema.safeParse(await answer.json());
      if (!parsed.success) throw new Error(`not a section pointer: ${parsed.error.issues[0]?.message}`);
      entry.pointer = parsed.data;
      entry.etag = answer.headers.get('etag') ?? undefined;
    } catch (error) {
      options.log.warn(
        { section: name, pointer: url, err: error },
        entry.pointer
          ? `Could not read the ${name} section's live build; still loading ${entry.pointer.build}`
          : `Could not read the ${name} section's live build; the section cannot load until its pointer can be read`,
      );
    } finally {
      entry.checkedAt = now();
    }
  };

  /** The pointer of a section with one, revalidated when it is older than POINTER_REVALIDATE_MS. */
  const pointerOf = async (name: RemoteName): Promise<LivePointer | undefined> => {
    const url = configured[name];
    let entry = held.get(name);
    if (!entry) {
      entry = { checkedAt: Number.NEGATIVE_INFINITY };
      held.set(name, entry);
    }
    if (now() - entry.checkedAt >= POINTER_REVALIDATE_MS && !entry.reading) {
      const current = entry;
      current.reading = read(name, url, current).finally(() => {
        current.reading = undefined;
      });
    }
    // Waited for (a conditional GET, answered 304 while nothing changed), so the page load after a deploy gets it.
    if (entry.reading) await entry.reading;
    return entry.pointer;
  };

  const pointed = REMOTE_NAMES.filter((name) => isPointerUrl(configured[name]));
  const manifestOf = (name: RemoteName, pointer: LivePointer | undefined) =>
    pointer ? new URL(pointer.manifest, configured[name]).href : configured[name];

  return {
    async manifests() {
      const pointers = await Promise.all(pointed.map(async (name) => [name, await pointerOf(name)] as const));
      const live = new Map(pointers);
      return Object.fromEntries(
        REMOTE_NAMES.map((name) => [name, live.has(name) ? manifestOf(name, live.get(name)) : configured[name]]),
      ) as Record<RemoteName, string>;
    },
    async builds() {
      return Promise.all(
        REMOTE_NAMES.map(async (section): Promise<SectionBuild> => {
          const manifest = configured[section];
          if (isPointerUrl(manifest)) {
            const pointer = await pointerOf(section);
            return {
              section,
              source: 'bucket',
              manifest: manifestOf(section, pointer),
              build: pointer?.build ?? null,
              label: pointer?.label ?? null,
              since: pointer?.since ?? null,
              by: pointer?.by ?? null,
            };
          }
          const local = manifest.startsWith(`/remotes/${section}/`);
          const built = local ? localBuild(options.root, section) : undefined;
          return {
            section,
            source: local ? 'server' : 'fixed',
            manifest,
            build: null,
            label: built?.label ?? null,
            since: built?.builtAt ?? null,
            by: null,
          };
        }),
      );
    },
  };
}

/** The label and build time remote-<name>/dist/build.json gives, for a section the server serves itself. */
function localBuild(root: string, section: RemoteName): { label: string; builtAt: string } | undefined {
  const file = join(root, `remote-${section}`, 'dist', 'build.json');
  if (!existsSync(file)) return undefined;
  try {
    const { label, builtAt } = JSON.parse(readFileSync(file, 'utf8'));
    return typeof label === 'string' && typeof builtAt === 'string' ? { label, builtAt } : undefined;
  } catch {
    return undefined;
  }
}
