import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { isHttpsOrigin } from '../env';

type Directives = Record<string, (string | (() => string))[]>;

/** The site's CSP, one list for every response: scripts only from our own origin, no inline scripts. */
function directives(https: boolean, imageOrigins: () => string[]): Directives {
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    // Mantine sets CSS variables and style attributes at run time; scripts stay strict.
    styleSrc: ["'self'", "'unsafe-inline'"],
    // Read per response (cheaply, see configuredImageOrigins) so a new tile host works without a restart.
    imgSrc: ["'self'", 'data:', 'blob:', () => imageOrigins().join(' ')],
    connectSrc: ["'self'"],
    fontSrc: ["'self'"],
    manifestSrc: ["'self'"],
    workerSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    ...(https ? { upgradeInsecureRequests: [] } : {}),
  };
}

/** The CSP header's text for the given directives (helmet's own spelling: scriptSrc is script-src). */
function policyText(list: Directives): string {
  return Object.entries(list)
    .map(([name, values]) => {
      const words = values.map((value) => (typeof value === 'function' ? value() : value)).filter(Boolean);
      return [name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`), ...words].join(' ');
    })
    .join(';');
}

export interface SecurityPolicy {
  /**
   * A page's CSP: the site's, with the page's own inline scripts allowed by their hashes (page-csp.ts), never
   * 'unsafe-inline'. Sent instead of helmet's header with the page (static.ts).
   */
  pagePolicy(scriptHashes: string[]): string;
}

/** A strict CSP: scripts only from our own origin, no inline scripts; HSTS only when served over https. */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  publicOrigin: string,
  /** Origins images may also come from: the admin-configured map tile and fallback image hosts. */
  imageOrigins: () => string[] = () => [],
): Promise<SecurityPolicy> {
  const https = isHttpsOrigin(publicOrigin);
  const list = directives(https, imageOrigins);
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: list },
    hsts: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    // The same answer as frame-ancestors 'none', for browsers that only know the older header.
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  return {
    pagePolicy: (scriptHashes) =>
      policyText({ ...list, scriptSrc: [...(list.scriptSrc ?? []), ...scriptHashes] }),
  };
}

/** The https origin of a URL template such as https://tile.openstreetmap.org/{z}/{x}/{y}.png, or null. */
export function httpsOrigin(url: string | null | undefined): string | null {
  // The parsed scheme decides, not the spelling: a fallback image may be written HTTPS://.
  const parsed = url ? URL.parse(url.replace(/\{[a-z]+\}/gi, '0')) : null;
  if (!url || !parsed || !isHttpsOrigin(parsed.origin)) return null;
  // Tile templates may use {s} subdomains: allow them with a wildcard host.
  return /^https:\/\/\{s\}\./i.test(url)
    ? `https://*.${parsed.host.split('.').slice(1).join('.')}`
    : parsed.origin;
}
