import { TEST_ORIGIN, type TestApp } from './app';
import { encodeInput } from './security/http';

type Injector = Pick<TestApp['app'], 'inject'>;
type Answer = Awaited<ReturnType<Injector['inject']>>;

/**
 * A same-origin browser's mutation over HTTP, from `ip`, signed in when `cookie` is given; `headers` adds what a
 * client may also write (an Accept-Language, a forged X-Forwarded-For).
 */
export function askOverHttp(
  app: Injector,
  path: string,
  input: unknown,
  options: { ip?: string; cookie?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  return app.inject({
    method: 'POST',
    url: `/trpc/${path}`,
    headers: {
      origin: TEST_ORIGIN,
      'sec-fetch-site': 'same-origin',
      'content-type': 'application/json',
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...options.headers,
    },
    payload: encodeInput(input),
    remoteAddress: options.ip ?? '203.0.113.7',
  });
}

/** One tRPC batch request (`?batch=1`) carrying every call at once, as a script would send it. */
export function askInOneBatch(
  app: Injector,
  calls: { path: string; input: unknown }[],
  options: { ip?: string; cookie?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const body = Object.fromEntries(calls.map((call, index) => [index, JSON.parse(encodeInput(call.input))]));
  return app.inject({
    method: 'POST',
    url: `/trpc/${calls.map((call) => call.path).join(',')}?batch=1`,
    headers: {
      origin: TEST_ORIGIN,
      'sec-fetch-site': 'same-origin',
      'content-type': 'application/json',
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...options.headers,
    },
    payload: JSON.stringify(body),
    remoteAddress: options.ip ?? '203.0.113.7',
  });
}

/** 'ok' for a 200, else the refusal's error code (a tRPC answer's data, or a plain route's body). */
export function refusalCode(answer: Answer): string {
  if (answer.statusCode === 200) return 'ok';
  const body = answer.json();
  const code = body?.error?.json?.data?.errorCode ?? body?.error?.errorCode;
  if (typeof code !== 'string') throw new Error(`${answer.statusCode} without an error code: ${answer.body}`);
  return code;
}

/** How many answers had each outcome. */
export function tally(answers: Answer[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const answer of answers) {
    const code = refusalCode(answer);
    counts[code] = (counts[code] ?? 0) + 1;
  }
  return counts;
}
