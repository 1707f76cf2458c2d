/**
 * Web push endpoints are URLs the browser hands us and our server then POSTs to: without a check, a
 * sign-up could point the server at an internal address. Only push services' hosts are accepted:
 * exact names, or `*.domain` for any subdomain.
 */
export function isAllowedPushEndpoint(endpoint: string, hosts: string[]): boolean {
  let host: string;
  try {
    host = new URL(endpoint).hostname.toLowerCase();
  } catch {
    return false;
  }
  return hosts.some((pattern) =>
    pattern.startsWith('*.') ? host.endsWith(pattern.slice(1)) && host.length > pattern.length - 1 : host === pattern,
  );
}
