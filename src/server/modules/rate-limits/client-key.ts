// The client address a rate limit counts by. One IPv6 subscriber usually holds a whole /64 (2^64 addresses), so
// keying on the full IPv6 address would give them endless fresh allowances: IPv6 counts by its /64 prefix.
// IPv4-mapped IPv6 (`::ffff:1.2.3.4`, what a dual-stack socket reports) counts as the IPv4 address.
import { isIP } from 'node:net';

/** The eight 16-bit groups of a valid IPv6 address (a trailing dotted IPv4 part becomes the last two). */
function ipv6Groups(address: string): number[] {
  let text = address;
  const lastColon = text.lastIndexOf(':');
  const tail = text.slice(lastColon + 1);
  if (tail.includes('.')) {
    const [a = 0, b = 0, c = 0, d = 0] = tail.split('.').map(Number);
    text = `${text.slice(0, lastColon + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', rest] = text.split('::');
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((g) => parseInt(g, 16)));
  const left = parse(head);
  if (rest === undefined) return left;
  const right = parse(rest);
  return [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/**
 * The key of a client address: an IPv4 address as it is; an IPv4-mapped IPv6 address as its IPv4 address; any
 * other IPv6 address as its /64 network (`2001:db8:1:2::/64`). Anything that is not an IP address is returned
 * lower-cased (it still counts, on its own).
 */
export function clientKey(ip: string): string {
  const percent = ip.indexOf('%'); // a zone id (`fe80::1%eth0`) names the interface, not the client
  const address = (percent >= 0 ? ip.slice(0, percent) : ip).trim().toLowerCase();
  const version = isIP(address);
  if (version === 4) return address;
  if (version !== 6) return ip.trim().toLowerCase();
  const groups = ipv6Groups(address);
  const isMapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
  if (isMapped) {
    const [hi = 0, lo = 0] = groups.slice(6);
    return [hi >> 8, hi & 0xff, lo >> 8, lo & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}
