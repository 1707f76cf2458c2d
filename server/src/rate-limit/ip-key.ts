import ipaddr from 'ipaddr.js';

/** The IPv6 prefix `bits` long that holds `parts` (eight 16-bit groups), written `<prefix>/<bits>`. */
function ipv6Prefix(parts: number[], bits: 48 | 56 | 64): string {
  const kept = parts.map((part, i) => {
    const from = i * 16;
    if (from + 16 <= bits) return part;
    if (from >= bits) return 0;
    return part & (0xffff << (16 - (bits - from)));
  });
  return `${new ipaddr.IPv6(kept).toString()}/${bits}`;
}

/**
 * The key an IP address is counted under: an IPv4 address as itself (an IPv4-mapped IPv6 address as
 * its IPv4), an IPv6 address by its /64, the smallest block a home or phone is given (RFC 6177), so
 * the many addresses of one /64 count as one. Anything unparsable is counted as given.
 */
export function ipKey(ip: string): string {
  return networksOf(ip).host;
}

/**
 * The networks an address is counted in, from the smallest: `host` (an IPv4 address, an IPv6 /64), `site`
 * (an IPv6 /56, what RFC 6177 suggests a home or small office is given; IPv4 has none) and `organisation`
 * (an IPv6 /48, a whole site or customer; an IPv4 /24). Sign-up budgets are shared out by these
 * (features/signup/limits.ts), so that one network with many /64s or many addresses cannot take them all.
 */
export interface Networks {
  host: string;
  site: string | null;
  organisation: string;
}

export function networksOf(ip: string): Networks {
  if (!ipaddr.isValid(ip)) return { host: ip, site: null, organisation: ip };
  const parsed = ipaddr.process(ip);
  if (parsed.kind() === 'ipv4') {
    const octets = (parsed as ipaddr.IPv4).octets;
    return { host: parsed.toString(), site: null, organisation: `${octets.slice(0, 3).join('.')}.0/24` };
  }
  const { parts } = parsed as ipaddr.IPv6;
  return { host: ipv6Prefix(parts, 64), site: ipv6Prefix(parts, 56), organisation: ipv6Prefix(parts, 48) };
}
