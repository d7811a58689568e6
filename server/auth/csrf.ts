import type { FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '../errors/domain-error';
import { sendDomainError } from '../errors/mapping';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Every state-changing request must prove it comes from our own pages: a browser's
 * `Sec-Fetch-Site: same-origin`, or an Origin equal to PUBLIC_ORIGIN. Anything else, including a
 * request with neither header, is refused before its body is read. tRPC would otherwise run a
 * no-input mutation from a cross-site multipart form post, which browsers send without preflight.
 */
export function isSameOriginRequest(request: FastifyRequest, publicOrigin: string): boolean {
  if (SAFE_METHODS.has(request.method)) return true;
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite !== undefined) return fetchSite === 'same-origin';
  return request.headers.origin === publicOrigin;
}

export function csrfHook(publicOrigin: string) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (isSameOriginRequest(request, publicOrigin)) return;
    // A gateway's callback carries no browser's headers: its own key authenticates it (server/http/ussd.ts).
    if (request.routeOptions.config.gatewayCallback === true) return;
    // The path only, as every log line has it: a query can carry a one-time token or a gateway's key.
    request.log.warn(
      { url: request.url.split('?')[0], origin: request.headers.origin },
      'cross-site request refused',
    );
    return sendDomainError(reply, new DomainError('request.crossSite'));
  };
}
