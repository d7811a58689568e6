import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { addressOnList } from '../auth/client-address';
import type { AppDeps } from '../deps';
import { phoneText } from '../services/phone-texts';
import { answerUssd, type UssdRequest } from '../services/ussd/menu';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A server-to-server callback authenticated by its own key (the USSD gateway's): no browser's CSRF rule
     * applies (gateways post without an Origin), and it drops public answers itself, only when it wrote.
     */
    gatewayCallback?: boolean;
  }
}

export const USSD_PATH = '/api/ussd';

/**
 * Far above any real request (four short fields), far below the app's 1 MB: a body past it is refused while it
 * arrives, before anything parses it; a long `text` within it gets the menu's own short answer.
 */
export const USSD_BODY_LIMIT = 16 * 1024;

/** SHA-256 first, so keys of any length compare in constant time and the comparison tells nothing of either. */
function sameKey(given: unknown, expected: string): boolean {
  if (typeof given !== 'string') return false;
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

const plain = (reply: FastifyReply, status: number, text: string) =>
  reply.code(status).type('text/plain; charset=utf-8').header('cache-control', 'no-store').send(text);

/**
 * POST /api/ussd?key=USSD_KEY, in the form USSD gateways post (Africa's Talking's and most others'): form fields
 * sessionId, serviceCode, phoneNumber and text, the answer plain text starting "CON " or "END ". Without
 * USSD_KEY, without the right key, or from an address USSD_ALLOW_FROM does not list, it answers as if there were
 * no such route, before the body is read.
 */
export async function registerUssd(
  app: FastifyInstance,
  deps: AppDeps,
  options: { onVote: () => void },
): Promise<void> {
  const { env } = deps;
  await app.register(async (ussd) => {
    ussd.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: USSD_BODY_LIMIT },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    // A body too large, of an unknown type or unreadable: the gateway shows the phone a sentence, never a 5xx.
    ussd.setErrorHandler((error: FastifyError, request, reply) => {
      const status = typeof error.statusCode === 'number' && error.statusCode < 500 ? error.statusCode : 400;
      if (status !== error.statusCode) request.log.error({ err: error }, 'USSD request failed');
      return plain(reply, status, `END ${phoneText('so', 'ussd.badRequest')}`);
    });
    const authorize = async (
      request: FastifyRequest<{ Querystring: { key?: unknown } }>,
      reply: FastifyReply,
    ) => {
      const allowed =
        env.USSD_KEY !== undefined &&
        sameKey(request.query.key, env.USSD_KEY) &&
        (env.USSD_ALLOW_FROM === null || addressOnList(env.USSD_ALLOW_FROM, request.ip));
      if (!allowed) return reply.callNotFound();
    };
    ussd.post<{ Querystring: { key?: unknown }; Body: UssdRequest | undefined }>(
      USSD_PATH,
      { bodyLimit: USSD_BODY_LIMIT, onRequest: authorize, config: { gatewayCallback: true } },
      async (request, reply) => {
        const body = typeof request.body === 'object' && request.body !== null ? request.body : {};
        const text = await answerUssd(deps, body, { ip: request.ip, onVote: options.onVote });
        return plain(reply, 200, text);
      },
    );
  });
}
