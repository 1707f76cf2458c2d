import { api } from '@ummahnotify/client';

/** Upload URLs are paths on the API host; the shell may be on another origin. */
export function assetUrl(path: string | null | undefined): string | undefined {
  if (!path) return undefined;
  if (/^(https?:|blob:|data:)/.test(path)) return path;
  return `${api.defaults.baseURL ?? ''}${path}`;
}
