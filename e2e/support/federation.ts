import type { Page } from '@playwright/test';

/** For each shared package the page has loaded, which federation container(s) it came from. */
export function sharedPackagesLoadedFrom(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(() => {
    type Loaded = { from: string; loaded?: boolean; lib?: unknown };
    const fed = (
      globalThis as unknown as {
        __FEDERATION__: {
          __INSTANCES__: { shareScopeMap: Record<string, Record<string, Record<string, Loaded>>> }[];
        };
      }
    ).__FEDERATION__;
    const out: Record<string, string[]> = {};
    for (const instance of fed.__INSTANCES__)
      for (const [pkg, versions] of Object.entries(instance.shareScopeMap.default ?? {}))
        for (const info of Object.values(versions))
          if (info.loaded || info.lib) out[pkg] = [...new Set([...(out[pkg] ?? []), info.from])];
    return out;
  });
}
