// The network a client address belongs to (issue 51): an IPv4 /24 or an IPv6 /64, what one
// subscriber, office or hosting customer usually holds. A limit counted per network holds a
// guesser back whichever of their neighbouring addresses they use.
import { isIPv4, isIPv6 } from 'node:net';

/** An IPv6 address as its eight 16-bit groups (an embedded IPv4 tail included), or null. */
function ipv6Groups(address: string): number[] | null {
  let text = address.split('%')[0]!.toLowerCase();
  const v4 = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const groups = (part: string | undefined) => (part ? part.split(':').map((group) => Number.parseInt(group, 16)) : []);
  const head = groups(halves[0]);
  const tail = groups(halves[1]);
  const all = halves.length === 2 ? [...head, ...Array<number>(8 - head.length - tail.length).fill(0), ...tail] : head;
  return all.length === 8 && all.every((group) => Number.isInteger(group) && group >= 0 && group <= 0xffff) ? all : null;
}

/**
 * The network a client address belongs to for the limit: its IPv4 /24 (an IPv4-mapped
 * IPv6 address too) or its IPv6 /64. Anything else (`unknown`) is a network of its own.
 */
export function clientNetwork(address: string): string {
  if (isIPv4(address)) return `${address.split('.').slice(0, 3).join('.')}.0/24`;
  const groups = isIPv6(address.split('%')[0]!) ? ipv6Groups(address) : null;
  if (!groups) return address;
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return `${groups[6]! >> 8}.${groups[6]! & 0xff}.${groups[7]! >> 8}.0/24`;
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}
