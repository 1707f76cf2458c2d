import { BlockList, isIP } from 'node:net';

/** Addresses the internet cannot reach us at: loopback, private, link-local, CGNAT, unique-local. */
const notPublic = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const)
  notPublic.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
] as const)
  notPublic.addSubnet(net, bits, 'ipv6');

/** Names only a local network resolves (RFC 6761/6762/8375 and the common home-router suffixes). */
const LOCAL_NAME = /(^|\.)(localhost|local|lan|home|internal|intranet|home\.arpa)$/i;

/**
 * True when PUBLIC_URL is an https address other servers on the internet (Telegram's) can call: https,
 * and a host that is neither a local name nor a loopback/private address. A name that resolves to a
 * private address behind split DNS is not detected; TELEGRAM_UPDATES=polling covers that case.
 */
export function isPublicHttps(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'https:') return false;
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  const family = isIP(host);
  if (family === 4) return !notPublic.check(host, 'ipv4');
  if (family === 6) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(host);
    if (mapped) return !notPublic.check(mapped[1], 'ipv4');
    return !notPublic.check(host, 'ipv6');
  }
  return host.includes('.') && !LOCAL_NAME.test(host);
}

/** The ports Telegram calls webhooks on (https://core.telegram.org/bots/api#setwebhook); '' is https's 443. */
const TELEGRAM_WEBHOOK_PORTS = new Set(['', '443', '80', '88', '8443']);

/** True when Telegram accepts a webhook under PUBLIC_URL: public https on one of the ports it calls. */
export function telegramCanCall(url: string): boolean {
  return isPublicHttps(url) && TELEGRAM_WEBHOOK_PORTS.has(new URL(url).port);
}

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** True for an address or name that only this machine reaches: localhost, 127.0.0.0/8, ::1 (also as [::1]). */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (bare === 'localhost') return true;
  const family = isIP(bare);
  if (family === 4) return loopback.check(bare, 'ipv4');
  if (family === 6) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(bare);
    return mapped ? loopback.check(mapped[1], 'ipv4') : loopback.check(bare, 'ipv6');
  }
  return false;
}

/** True when the URL's host is loopback (http://localhost:3000, http://127.0.0.1:8080, http://[::1]/). */
export function isLoopbackUrl(url: string): boolean {
  try {
    return isLoopbackHost(new URL(url).hostname);
  } catch {
    return false;
  }
}
