import { promises as dns, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * The one check every server-side download goes through (the photo job and the admin's photo override):
 * an address that belongs to this machine, its private network, or a range that tunnels to one of them is
 * never connected to. It runs as the socket's `lookup`, so it sees the very addresses the socket connects
 * to: a name that resolves to a public address when checked and to 127.0.0.1 a moment later (DNS
 * rebinding) gains nothing.
 */
// Two lists: Node's BlockList matches IPv4 addresses against IPv6 rules in their mapped form, and a rule
// for the whole IPv4-mapped range would then hold every IPv4 address.
const internal4 = new BlockList();
const internal6 = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3], // multicast and reserved
] as const) {
  internal4.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 96], // unspecified, loopback and the old IPv4-compatible form
  ['::ffff:0:0', 96], // IPv4-mapped: the socket would reach the IPv4 address inside
  ['64:ff9b::', 96], // NAT64: a gateway turns it into the IPv4 address inside, 127.0.0.1 included
  ['64:ff9b:1::', 48], // local-use NAT64
  ['2002::', 16], // 6to4: carries an IPv4 address too
  ['100::', 64], // discard
  ['fc00::', 7], // unique-local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const) {
  internal6.addSubnet(network, prefix, 'ipv6');
}

/** True for an address a server-side download must never reach (and for anything that is not an address). */
export function isInternalAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  return family === 4 ? internal4.check(address, 'ipv4') : internal6.check(address, 'ipv6');
}

/** Turns a host name into its addresses; tests give a fake one instead of the system's resolver. */
export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

const systemResolver: Resolver = (hostname) => dns.lookup(hostname, { all: true, verbatim: true });

/** Refused because the host is, or resolves to, an internal address; the message names the host. */
export class InternalAddressError extends Error {
  readonly code = 'EINTERNALADDRESS';
}

/**
 * A socket `lookup` that resolves like dns.lookup and refuses when ANY of the addresses is internal (a host
 * with one public and one private address could be connected to the private one).
 */
export function publicOnlyLookup(resolve: Resolver = systemResolver): LookupFunction {
  return (hostname, options, callback) => {
    const answer = callback as unknown as (
      error: Error | null,
      address: string | LookupAddress[],
      family?: number,
    ) => void;
    resolve(hostname).then(
      (found) => {
        const wanted =
          options.family === 4 || options.family === 6
            ? found.filter((entry) => entry.family === options.family)
            : found;
        if (wanted.length === 0 || found.some((entry) => isInternalAddress(entry.address))) {
          answer(
            new InternalAddressError(`${hostname} resolves to an internal address, which is not allowed.`),
            '',
            0,
          );
          return;
        }
        if (options.all) return answer(null, wanted);
        const first = wanted[0] as LookupAddress;
        answer(null, first.address, first.family);
      },
      (error: Error) => answer(error, '', 0),
    );
  };
}
