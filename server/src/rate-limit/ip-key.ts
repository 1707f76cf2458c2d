import ipaddr from 'ipaddr.js';

/**
 * The key an IP address is counted under: an IPv4 address as itself (an IPv4-mapped IPv6 address as
 * its IPv4), an IPv6 address by its /64, the smallest block a home or phone is given (RFC 6177), so
 * the many addresses of one /64 count as one. Anything unparsable is counted as given.
 */
export function ipKey(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const parsed = ipaddr.process(ip);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4);
  return `${new ipaddr.IPv6([...parts, 0, 0, 0, 0]).toString()}/64`;
}
