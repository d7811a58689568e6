import { messageText } from '@server/errors/texts';
import { MAX_BODY_NESTING, nestingDepth } from '@server/http/trpc-hooks';
import { describe, expect, it, vi } from 'vitest';
import { sameOrigin } from '../../helpers/app';
import { errorMessage, worldApp } from '../../helpers/security/http';

/**
 * Attack (an outside scan, signed in as a citizen): a 1 MB body of `[[[[...` (450,000 levels) inside a ballot
 * cost the server's one thread about 300 ms to parse and copy before the schema refused it, and two senders in a
 * loop held /healthz at 356 ms. A body nested deeper than any form writes is refused before anything parses it.
 */
const nested = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
const castBody = (ballot: string) =>
  `{"json":{"electionId":"00000000-0000-4000-8000-000000000000","ballot":${ballot}}}`;

describe('nestingDepth', () => {
  it.each([
    ['{}', 1],
    ['[[[]]]', 3],
    ['{"a":[{"b":[]}]}', 4],
    ['{"a":"[[[[{{{{"}', 1],
    ['{"a":"\\"[[[["}', 1],
    ['{"a":"\\\\"}', 1],
    ['[[]][[[]]]', 3],
    ['"no brackets"', 0],
  ])('%s is %i deep', (text, depth) => {
    expect(nestingDepth(text, 100)).toBe(depth);
  });

  it('stops counting past its limit', () => {
    expect(nestingDepth(nested(450_000), MAX_BODY_NESTING)).toBe(MAX_BODY_NESTING + 1);
  });
});

describe('a body nested deeper than any form writes', () => {
  it('is refused with a sentence in the reader’s language before anything parses it', async () => {
    const test = await worldApp();
    const parse = vi.spyOn(JSON, 'parse');
    try {
      for (const language of ['en', 'so'] as const) {
        const body = castBody(nested(450_000));
        const response = await test.app.inject({
          method: 'POST',
          url: '/trpc/votes.castBallot',
          headers: {
            ...sameOrigin,
            'content-type': 'application/json',
            cookie: test.citizenCookie,
            'accept-language': language,
          },
          payload: body,
        });
        expect(response.statusCode).toBe(400);
        expect(errorMessage(response.body)).toBe(messageText({ key: 'request.malformed' }, language));
        expect(parse.mock.calls.some(([text]) => text === body)).toBe(false);
      }
    } finally {
      parse.mockRestore();
      await test.app.close();
    }
  });

  it('reaches the schema up to the limit, which refuses a ballot that is no text', async () => {
    const test = await worldApp();
    try {
      const send = (levels: number) =>
        test.app.inject({
          method: 'POST',
          url: '/trpc/votes.castBallot',
          headers: { ...sameOrigin, 'content-type': 'application/json', cookie: test.citizenCookie },
          // The envelope and the input are two levels: the ballot's brackets make up the rest.
          payload: castBody(nested(levels)),
        });
      const atLimit = await send(MAX_BODY_NESTING - 2);
      expect(atLimit.statusCode).toBe(400);
      expect(errorMessage(atLimit.body)).toBe(messageText({ key: 'validation.invalidInput' }));
      const past = await send(MAX_BODY_NESTING - 1);
      expect(past.statusCode).toBe(400);
      expect(errorMessage(past.body)).toBe(messageText({ key: 'request.malformed' }));
    } finally {
      await test.app.close();
    }
  });
});
