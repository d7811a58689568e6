import { BlockList, isIP, isIPv4, isIPv6 } from 'node:net';

/**
 * The key every per-address limit counts on (sign-in, sign-up, votes, the API's call ceiling, the hashing queue)
 * and the poll's ip_hash input. One subscriber gets a whole IPv6 /64 (often a /56 or /48), so keying on the
 * full address would let one laptop take 2^64 fresh limits; a /64 is the smallest block that always belongs
 * to one site. IPv4, and IPv6 that carries IPv4 (::ffff:a.b.c.d), stay the IPv4 address itself.
 */
export function addressKey(address: string): string {
  const bare = address.replace(/%.*$/, '').trim().toLowerCase();
  if (isIPv4(bare)) return bare;
  const groups = isIPv6(bare) ? ipv6Groups(bare) : null;
  if (!groups) return bare;
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) return ipv4Of(groups[6], groups[7]);
  // 6to4 (2002:AABB:CCDD::/48) and NAT64 (64:ff9b::/96) carry one IPv4 address: whoever holds it holds all
  // 65,536 /64s of its 6to4 block, so it is keyed as that IPv4 address.
  if (groups[0] === 0x2002) return ipv4Of(groups[1], groups[2]);
  if (groups[0] === 0x64 && groups[1] === 0xff9b && groups.slice(2, 6).every((g) => g === 0))
    return ipv4Of(groups[6], groups[7]);
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

function ipv4Of(high = 0, low = 0): string {
  return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
}

/** The eight 16-bit groups of a valid IPv6 address (with :: expanded and a dotted IPv4 tail converted). */
function ipv6Groups(address: string): number[] | null {
  let text = address;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted?.[1]) {
    const [a = 0, b = 0, c = 0, d = 0] = dotted[1].split('.').map(Number);
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const missing = 8 - left.length - right.length;
  if (tail === undefined ? missing !== 0 : missing < 1) return null;
  const groups = [...left, ...Array<string>(tail === undefined ? 0 : missing).fill('0'), ...right].map((g) =>
    Number.parseInt(g, 16),
  );
  return groups.length === 8 && groups.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff)
    ? groups
    : null;
}

/** What Fastify's `trustProxy` gets: no proxy, a number of proxy hops, or the proxies' addresses/CIDRs. */
export type TrustProxy = false | number | string[];

/** Names proxy-addr (Fastify's trustProxy) understands for whole reserved ranges. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

const TRUE_REFUSED =
  // For the operator at start (env.ts), in English like every configuration error.
  'TRUST_PROXY=true would believe any X-Forwarded-For header, so any client could choose its own address. Set TRUST_PROXY to the number of proxies in front of Codka (1 for one nginx or Caddy) or to their addresses (e.g. 127.0.0.1 or 10.0.0.0/8), comma-separated.';

/**
 * Parses TRUST_PROXY. Returns the value, or a sentence saying what is wrong. "true" is refused: it trusts
 * every hop, so the left-most X-Forwarded-For entry (which the client writes) became the address.
 */
export function parseTrustProxy(raw: string): TrustProxy | { problem: string } {
  const value = raw.trim().toLowerCase();
  if (['false', '0', 'no', 'off'].includes(value)) return false;
  if (['true', 'yes', 'on'].includes(value)) return { problem: TRUE_REFUSED };
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return hops >= 1 && hops <= 10 ? hops : { problem: 'a hop count must be between 1 and 10' };
  }
  const entries = value.split(',').map((entry) => entry.trim());
  for (const entry of entries) {
    if (RANGE_NAMES.has(entry)) continue;
    const [ip = '', prefix, extra] = entry.split('/');
    const family = isIP(ip);
    const max = family === 4 ? 32 : 128;
    // A range wider than a /8 (IPv4) or /16 (IPv6) is no proxy's: 0.0.0.0/1,128.0.0.0/1 is "true" spelt out.
    // IPv6's private block (fc00::/7) may be named whole.
    const min = family === 4 ? 8 : /^f[cd]/.test(ip) ? 7 : 16;
    const prefixOk =
      prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= max && Number(prefix) >= min);
    if (family === 0 || !prefixOk || extra !== undefined) {
      return {
        problem: `"${entry}" is not a proxy's IP address or CIDR range (use e.g. 127.0.0.1, 10.0.0.0/8, ::1 or a hop count; ranges no wider than /8 for IPv4 or /16 for IPv6)`,
      };
    }
  }
  return entries;
}

/**
 * Fastify's trustProxy for a parsed TRUST_PROXY. A hop count becomes "believe the last N addresses the
 * proxies appended" (this Fastify ignores a bare number); the left-most X-Forwarded-For entries, which the
 * client itself can write, are never believed.
 */
export function fastifyTrustProxy(
  value: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (value === false) return false;
  if (typeof value === 'number') return (_address, hop) => hop < value;
  return value;
}

/**
 * `USSD_ALLOW_FROM` as env.ts reads it: IP addresses and CIDR ranges, comma-separated, held in Node's BlockList.
 * Returns the list, or a sentence saying which entry is not an address.
 */
export function parseAddressList(value: string): { list: BlockList } | { problem: string } {
  const list = new BlockList();
  for (const raw of value.split(',')) {
    const entry = raw.trim();
    if (!entry) continue;
    const [ip = '', prefix, extra] = entry.split('/');
    const family = isIP(ip);
    const type = family === 6 ? 'ipv6' : 'ipv4';
    const max = family === 6 ? 128 : 32;
    const prefixOk = prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= max);
    if (family === 0 || !prefixOk || extra !== undefined) {
      return {
        problem: `"${entry}" is not an IP address or CIDR range (such as 196.201.214.0/24 or 2001:db8::1)`,
      };
    }
    if (prefix === undefined) list.addAddress(ip, type);
    else list.addSubnet(ip, Number(prefix), type);
  }
  return { list };
}

/**
 * Whether a client's address (Fastify's request.ip, which TRUST_PROXY decides, never a header the client writes)
 * is on the list. An IPv4 address carried in IPv6 (::ffff:a.b.c.d) is checked as the IPv4 address it is.
 */
export function addressOnList(list: BlockList, address: string): boolean {
  const bare = address.replace(/%.*$/, '').trim().toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(bare)?.[1];
  if (mapped && isIPv4(mapped)) return list.check(mapped, 'ipv4');
  if (isIPv4(bare)) return list.check(bare, 'ipv4');
  return isIPv6(bare) && list.check(bare, 'ipv6');
}
