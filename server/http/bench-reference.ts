import type { FastifyInstance } from 'fastify';

/**
 * BENCH ONLY, registered when BENCH_REFERENCE is on (only `npm run bench` sets it; absent otherwise).
 * GET /bench/reference?of=<a /trpc/... GET URL> answers, from a plain Fastify route in the same process
 * and scope (same hooks), exactly the bytes that tRPC URL answered the first time it was asked. The
 * signed-in read benchmark (bench/server-load.mjs) compares the public procedures' throughput with this route's in the same run.
 */
export function registerBenchReference(api: FastifyInstance) {
  const bodies = new Map<string, string>();
  api.get<{ Querystring: { of?: string } }>('/bench/reference', async (request, reply) => {
    const of = request.query.of;
    if (!of?.startsWith('/trpc/')) return reply.code(400).send({ error: 'of must be a /trpc/ URL' });
    let body = bodies.get(of);
    if (body === undefined) {
      const answer = await api.inject({ method: 'GET', url: of });
      if (answer.statusCode !== 200)
        return reply.code(502).send({ error: `${of} answered ${answer.statusCode}` });
      body = answer.body;
      bodies.set(of, body);
    }
    return reply.type('application/json').send(body);
  });
}
