import { messageText } from '@server/errors/texts';
import { bodyShape, MAX_BODY_NESTING, MAX_BODY_VALUES } from '@server/http/trpc-hooks';
import { describe, expect, it, vi } from 'vitest';
import { sameOrigin } from '../../helpers/app';
import { errorMessage, worldApp } from '../../helpers/security/http';

/**
 * Attack (outside scans): a 1 MB body of `[[[[...` (450,000 levels) inside a ballot, sent signed in, and 1 MB of
 * flat keys (83,000) sent to sign-in without an account, each cost the server's one thread 200 to 320 ms to parse
 * and copy before the schema refused it; two senders in a loop held /healthz at about 300 ms. A body shaped as no
 * form writes it (too deep, too many values) is refused before anything parses it.
 */
const nested = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
const castBody = (ballot: string) =>
  `{"json":{"electionId":"00000000-0000-4000-8000-000000000000","ballot":${ballot}}}`;

const depthOf = (text: string) => bodyShape(text, { depth: 100, values: 100 }).depth;

describe('bodyShape', () => {
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
    expect(depthOf(text)).toBe(depth);
  });

  it.each([
    ['{}', 1],
    ['{"a":1,"b":[1,2,3]}', 5],
    ['{"a":"1,2,3,[{"}', 1],
    ['[{},{},{}]', 6],
  ])('%s holds %i values', (text, values) => {
    expect(bodyShape(text, { depth: 100, values: 100 }).values).toBe(values);
  });

  it('stops counting past its limits', () => {
    expect(bodyShape(nested(450_000), { depth: MAX_BODY_NESTING, values: 10 ** 9 }).depth).toBe(
      MAX_BODY_NESTING + 1,
    );
    const flat = `[${'0,'.repeat(100_000)}0]`;
    expect(bodyShape(flat, { depth: 100, values: MAX_BODY_VALUES }).values).toBe(MAX_BODY_VALUES + 1);
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

describe('a body with more values than any form writes', () => {
  it('is refused before anything parses it, sent to sign-in without an account', async () => {
    const test = await worldApp();
    const parse = vi.spyOn(JSON, 'parse');
    try {
      const keys = Array.from({ length: 83_000 }, (_, index) => `"k${index}":0`).join(',');
      const body = `{"json":{"email":"a@b.c",${keys}}}`;
      const response = await test.app.inject({
        method: 'POST',
        url: '/trpc/auth.signIn',
        headers: { ...sameOrigin, 'content-type': 'application/json', 'accept-language': 'so' },
        payload: body,
      });
      expect(response.statusCode).toBe(400);
      expect(errorMessage(response.body)).toBe(messageText({ key: 'request.malformed' }, 'so'));
      expect(parse.mock.calls.some(([text]) => text === body)).toBe(false);
    } finally {
      parse.mockRestore();
      await test.app.close();
    }
  });

  it('passes at the limit to the schema, which answers for the fields', async () => {
    const test = await worldApp();
    try {
      const send = (values: number) =>
        test.app.inject({
          method: 'POST',
          url: '/trpc/auth.signIn',
          headers: { ...sameOrigin, 'content-type': 'application/json' },
          // The envelope and the input are two values; each key after the first adds one.
          payload: `{"json":{${Array.from({ length: values - 1 }, (_, index) => `"k${index}":0`).join(',')}}}`,
        });
      const atLimit = await send(MAX_BODY_VALUES);
      expect(atLimit.statusCode).toBe(400);
      expect(errorMessage(atLimit.body)).not.toBe(messageText({ key: 'request.malformed' }));
      const past = await send(MAX_BODY_VALUES + 1);
      expect(past.statusCode).toBe(400);
      expect(errorMessage(past.body)).toBe(messageText({ key: 'request.malformed' }));
    } finally {
      await test.app.close();
    }
  });
});
