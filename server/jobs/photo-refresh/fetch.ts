import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/** Why a download was refused or failed, in words an admin can act on (they end up in the job's error log). */
export class FetchRefused extends Error {}

export interface FetchPolicy {
  /** Hosts (host[:port], as URL.host gives it) the request and every redirect may go to; any other is refused. */
  allowedHosts?: ReadonlySet<string>;
  /** Instead of a host list: any host whose addresses are all public (never loopback, private or link-local). */
  publicAddressesOnly?: boolean;
  timeoutMs: number;
  maxBytes: number;
  signal?: AbortSignal;
  accept?: string;
}

export interface Fetched {
  body: Buffer;
  contentType: string | null;
  /** Where the body came from, after redirects. */
  url: string;
}

const MAX_REDIRECTS = 3;
const USER_AGENT = 'CodkaPhotoRefresh/1.0 (+https://codka.so)';

// Addresses a server-side request must never reach: they belong to this machine or its private network.
const internal = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const) {
  internal.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  internal.addSubnet(network, prefix, 'ipv6');
}

export function isInternalAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return internal.check(mapped, 'ipv4');
  const family = isIP(address);
  if (family === 0) return true;
  return internal.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** Resolves like dns.lookup, then refuses if any address is internal: checked at connect time, so DNS tricks fail. */
const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, '', 0);
    const refused = addresses.find((entry) => isInternalAddress(entry.address));
    if (refused || addresses.length === 0) {
      return callback(
        new FetchRefused(`${hostname} resolves to an internal address, which is not allowed.`),
        '',
        0,
      );
    }
    if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
    const first = addresses[0] as LookupAddress;
    callback(null, first.address, first.family);
  });
};

function checkTarget(url: URL, policy: FetchPolicy): void {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new FetchRefused(`${url.href} is not an http(s) address.`);
  }
  if (url.username || url.password) throw new FetchRefused('Addresses with credentials are not allowed.');
  if (policy.allowedHosts) {
    if (!policy.allowedHosts.has(url.host)) {
      throw new FetchRefused(`${url.host} is not one of the configured photo sources.`);
    }
    return;
  }
  if (!policy.publicAddressesOnly) throw new FetchRefused('No fetch policy given.');
  // A literal address never goes through the lookup, so it is checked here.
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(literal) && isInternalAddress(literal)) {
    throw new FetchRefused(`${url.host} is an internal address, which is not allowed.`);
  }
}

function describe(error: unknown, url: URL, timeoutMs: number): Error {
  if (error instanceof FetchRefused) return error;
  const name = (error as { name?: string }).name;
  if (name === 'TimeoutError')
    return new FetchRefused(`${url.href} did not answer within ${timeoutMs / 1000} s.`);
  if (name === 'AbortError') return new FetchRefused('The download was stopped.');
  const code = (error as { code?: string }).code;
  return new FetchRefused(`${url.href} could not be reached${code ? ` (${code})` : ''}.`);
}

const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

function readBody(response: IncomingMessage, url: URL, maxBytes: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(response.headers['content-length']);
    if (Number.isFinite(declared) && declared > maxBytes) {
      response.destroy();
      reject(new FetchRefused(`${url.href} is larger than ${megabytes(maxBytes)}.`));
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const fail = (error: Error) => {
      if (settled) return;
      settled = true;
      reject(error);
    };
    response.on('data', (chunk: Buffer) => {
      size += chunk.length;
      // Stop reading as soon as the limit is passed: a lying Content-Length cannot fill the memory.
      if (size > maxBytes) {
        fail(new FetchRefused(`${url.href} is larger than ${megabytes(maxBytes)}.`));
        response.destroy();
        return;
      }
      chunks.push(chunk);
    });
    response.on('end', () => {
      if (settled) return;
      settled = true;
      resolve(Buffer.concat(chunks));
    });
    response.on('error', fail);
    response.on('aborted', () => fail(new FetchRefused(`${url.href} stopped answering mid-way.`)));
  });
}

function requestOnce(url: URL, policy: FetchPolicy, signal: AbortSignal): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const request = client.get(url, {
      signal,
      headers: { 'user-agent': USER_AGENT, accept: policy.accept ?? '*/*' },
      ...(policy.publicAddressesOnly && !policy.allowedHosts ? { lookup: publicOnlyLookup } : {}),
    });
    request.on('response', resolve);
    request.on('error', reject);
  });
}

/**
 * GET with a time limit for the whole exchange, a size limit, and redirects followed only to allowed
 * hosts: the job cannot be pointed at addresses inside our own network.
 */
export async function fetchLimited(href: string, policy: FetchPolicy): Promise<Fetched> {
  const timeout = AbortSignal.timeout(policy.timeoutMs);
  const signal = policy.signal ? AbortSignal.any([policy.signal, timeout]) : timeout;
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    throw new FetchRefused(`${href} is not a valid address.`);
  }
  for (let redirects = 0; ; redirects += 1) {
    checkTarget(url, policy);
    let response: IncomingMessage;
    try {
      response = await requestOnce(url, policy, signal);
    } catch (error) {
      throw describe(timeout.aborted ? timeout.reason : error, url, policy.timeoutMs);
    }
    const status = response.statusCode ?? 0;
    if (status >= 300 && status < 400 && response.headers.location) {
      response.resume();
      if (redirects === MAX_REDIRECTS) throw new FetchRefused(`${url.href} redirects too many times.`);
      const next = new URL(response.headers.location, url);
      if (policy.allowedHosts && !policy.allowedHosts.has(next.host)) {
        throw new FetchRefused(`${url.href} redirects to another host (${next.host}), which is not allowed.`);
      }
      url = next;
      continue;
    }
    if (status < 200 || status >= 300) {
      response.resume();
      throw new FetchRefused(`${url.href} answered HTTP ${status}.`);
    }
    try {
      const body = await readBody(response, url, policy.maxBytes);
      return { body, contentType: response.headers['content-type'] ?? null, url: url.href };
    } catch (error) {
      throw describe(timeout.aborted ? timeout.reason : error, url, policy.timeoutMs);
    }
  }
}

/** The host[:port] of each configured source, the only hosts the job may fetch from. */
export function sourceHosts(...sources: string[]): Set<string> {
  return new Set(sources.map((source) => new URL(source).host));
}
