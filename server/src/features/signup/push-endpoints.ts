import { AUTH_SECRET_LENGTH, isP256Point } from '../../delivery/channels/webpush-crypto';

/**
 * Web push endpoints are URLs the browser hands us and our server then POSTs to: without a check, a
 * sign-up could point the server at an internal address. Only https on port 443 at a push service's
 * host is accepted: exact names, or `*.domain` for any subdomain; a pattern `host:port` allows that
 * one other port (a self-hosted push service, the tests' local one). No user:password@ part.
 */
export function isAllowedPushEndpoint(endpoint: string, hosts: string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return false;
  const host = url.hostname.toLowerCase();
  return hosts.some((entry) => {
    const [, name, port = ''] = /^(.*?)(?::(\d+))?$/.exec(entry) as RegExpExecArray;
    if (url.port !== (port === '443' ? '' : port)) return false; // URL leaves out the default port 443
    return name.startsWith('*.') ? host.endsWith(name.slice(1)) && host.length > name.length - 1 : host === name;
  });
}

/**
 * Why a subscription's keys cannot be used, or null: p256dh must be a point on P-256 and auth a
 * 16-byte secret, or every message to it would fail to encrypt, broadcast after broadcast.
 */
export function pushKeysProblem(keys: { p256dh: string; auth: string }): KeysProblem | null {
  if (!isP256Point(Buffer.from(keys.p256dh, 'base64url'))) return 'server.pushKeyNotOnCurve';
  if (Buffer.from(keys.auth, 'base64url').length !== AUTH_SECRET_LENGTH) return 'server.pushAuthNot16Bytes';
  return null;
}

type KeysProblem = 'server.pushKeyNotOnCurve' | 'server.pushAuthNot16Bytes';
/** The field each problem is about. */
export const keysProblemPath: Record<KeysProblem, string> = {
  'server.pushKeyNotOnCurve': 'subscription.keys.p256dh',
  'server.pushAuthNot16Bytes': 'subscription.keys.auth',
};
