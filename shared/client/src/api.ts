import { REQUEST_TIMEOUT_MS } from '@ummahnotify/core';
import axios from 'axios';

/**
 * The one HTTP client of the dashboard (docs/product/api.md): credentials (cookies) on every call, 10 s timeout.
 * The base URL is empty (same origin) until the shell reads `apiUrl` from /app-config.json.
 */
export const api = axios.create({
  withCredentials: true,
  timeout: REQUEST_TIMEOUT_MS,
});

export function setApiBaseUrl(apiUrl: string): void {
  api.defaults.baseURL = apiUrl.replace(/\/+$/, '');
}
