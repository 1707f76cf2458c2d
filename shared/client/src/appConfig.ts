import { API_PATHS, REMOTE_NAMES, type RemoteName } from '@ummahnotify/core';
import type { AppConfig } from '@ummahnotify/domain';

/** Used for any field /app-config.json does not give: everything on this origin (docs/architecture.md defaults). */
export const DEFAULT_APP_CONFIG: AppConfig = {
  apiUrl: '',
  demo: false,
  supportWhatsapp: null,
  remotes: Object.fromEntries(REMOTE_NAMES.map((n) => [n, `/remotes/${n}/mf-manifest.json`])) as Record<
    RemoteName,
    string
  >,
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads the runtime config leniently: a missing or mistyped field falls back to its default. */
export function parseAppConfig(raw: unknown): AppConfig {
  const input = isRecord(raw) ? raw : {};
  const remotes = isRecord(input.remotes) ? input.remotes : {};
  return {
    apiUrl: typeof input.apiUrl === 'string' ? input.apiUrl : DEFAULT_APP_CONFIG.apiUrl,
    demo: input.demo === true,
    supportWhatsapp:
      typeof input.supportWhatsapp === 'string' && input.supportWhatsapp.trim() !== '' ? input.supportWhatsapp : null,
    remotes: Object.fromEntries(
      REMOTE_NAMES.map((n) => [n, typeof remotes[n] === 'string' ? remotes[n] : DEFAULT_APP_CONFIG.remotes[n]]),
    ) as Record<RemoteName, string>,
  };
}

/** Fetched fresh on every page load, so a moved or redeployed remote needs no shell rebuild. */
export async function loadAppConfig(): Promise<AppConfig> {
  try {
    const response = await fetch(API_PATHS.appConfig, { cache: 'no-store' });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return parseAppConfig(await response.json());
  } catch (error) {
    console.error(`Could not read ${API_PATHS.appConfig}; using same-origin defaults.`, error);
    return DEFAULT_APP_CONFIG;
  }
}
