import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { InternalAddressError, isInternalAddress, publicOnlyLookup, type Resolver } from './public-address';

export { isInternalAddress } from './public-address';

/** Why a download was refused or failed, in words an admin can act on (they end up in the job's error log). */
export class FetchRefused extends Error {}

export interface FetchPolicy {
  /** Hosts (host[:port], as URL.host gives it) the request and every redirect may go to; any other is refused. */
  allowedHosts?: ReadonlySet<string>;
  /** Instead of a host list: any host whose addresses are all public (never loopback, private or link-local). */
  publicAddressesOnly?: boolean;
  /**
   * Resolves host names at connect time (default: the system's); whichever policy, a name that resolves to
   * an internal address is refused before any connection. Tests give a fake one: they never use the network.
   */
  resolve?: Resolver;
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
  // A literal address never goes through the lookup, so it is checked here. (An address the operator wrote
  // into a source URL is allowed above as written: no resolver stands between it and the connection.)
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(literal) && isInternalAddress(literal)) {
    throw new FetchRefused(`${url.host} is an internal address, which is not allowed.`);
  }
}

function describe(error: unknown, url: URL, timeoutMs: number): Error {
  if (error instanceof FetchRefused) return error;
  if (error instanceof InternalAddressError) return new FetchRefused(error.message);
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
      // Every host name, configured source or not, is resolved by the check: DNS is not the operator.
      lookup: publicOnlyLookup(policy.resolve),
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
