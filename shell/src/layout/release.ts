/** What release the build is (rspack.base.ts defines it from scripts/release.mjs); undefined where nothing defines it. */
declare const __UN_RELEASE__: { version: string; commit: string | null } | undefined;

export interface Release {
  version: string;
  commit: string | null;
}

/** Read when asked, not at import: a test can define it first. */
export function buildRelease(): Release | undefined {
  return typeof __UN_RELEASE__ === 'undefined' ? undefined : __UN_RELEASE__;
}
