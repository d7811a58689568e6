import { describe, expect, it } from 'vitest';
import { sameOrigin, testAppsClosedAfterEach } from '../helpers/app';
import { createAdmin } from '../helpers/factories';
import { sessionCookie } from '../helpers/security/world';

const openTestApp = testAppsClosedAfterEach();

/**
 * A service throws a domain error (a code and its parts); the one mapping answers it over real HTTP with the
 * tRPC code or HTTP status of the code's kind, the sentence in the reader's language, and the code and parts
 * a client says it from.
 */
describe('a service error reaches the client as a code, its parts and a sentence', () => {
  it('over tRPC: elections.byId for an election that does not exist', async () => {
    const { app } = await openTestApp();
    const id = crypto.randomUUID();
    const ask = (language: string) =>
      app.inject({
        method: 'GET',
        url: `/trpc/elections.byId?input=${encodeURIComponent(JSON.stringify({ json: { id } }))}`,
        headers: { 'accept-language': language },
      });

    const english = await ask('en');
    expect(english.statusCode).toBe(404);
    expect(english.json().error.json).toMatchObject({
      message: `No election with id ${id}.`,
      code: -32004,
      data: { code: 'NOT_FOUND', httpStatus: 404, errorCode: 'election.notFound', params: { id } },
    });

    const somali = await ask('so');
    expect(somali.statusCode).toBe(404);
    expect(somali.json().error.json).toMatchObject({
      message: `Ma jirto doorasho leh aqoonsiga ${id}.`,
      data: { code: 'NOT_FOUND', errorCode: 'election.notFound', params: { id } },
    });
  });

  it('over a plain upload route: a member photo for a member that does not exist, its kind a part', async () => {
    const { app, db } = await openTestApp();
    const admin = await createAdmin(db);
    const cookie = sessionCookie(db, admin.id, { steppedUp: true });
    const memberId = crypto.randomUUID();
    const boundary = '----codkaErrorCodes';
    const payload =
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n` +
      `Content-Type: image/png\r\n\r\nnot read\r\n--${boundary}--\r\n`;
    const send = (language: string) =>
      app.inject({
        method: 'POST',
        url: `/api/admin/member-photos/senate/${memberId}/image`,
        payload,
        headers: {
          ...sameOrigin,
          cookie,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'accept-language': language,
        },
      });
    const params = { kind: { key: 'member.kind.senate' }, id: memberId };

    const english = await send('en');
    expect(english.statusCode).toBe(404);
    expect(english.json()).toEqual({
      error: {
        code: 'NOT_FOUND',
        message: `No senator with id ${memberId}.`,
        errorCode: 'member.notFound',
        params,
      },
    });

    const somali = await send('so');
    expect(somali.statusCode).toBe(404);
    expect(somali.json()).toEqual({
      error: {
        code: 'NOT_FOUND',
        message: `Ma jiro senetar leh aqoonsiga ${memberId}.`,
        errorCode: 'member.notFound',
        params,
      },
    });
  });

  it('keeps the step-up flag beside the code on a high-value procedure', async () => {
    const { app, db } = await openTestApp();
    const admin = await createAdmin(db);
    const cookie = sessionCookie(db, admin.id, { steppedUp: false });
    const response = await app.inject({
      method: 'POST',
      url: '/trpc/admin.districts.delete',
      headers: { ...sameOrigin, cookie, 'content-type': 'application/json', 'accept-language': 'so' },
      payload: JSON.stringify({ json: { id: crypto.randomUUID() } }),
    });
    expect(response.statusCode).toBe(412);
    expect(response.json().error.json).toMatchObject({
      message: 'Fadlan xaqiiji furahaaga sirta ah si aad u sii wadato.',
      data: { code: 'PRECONDITION_FAILED', errorCode: 'stepUp.required', stepUpRequired: true },
    });
  });
});

describe('an outsider on the error path', () => {
  it('50 identical calls at once with an id a thousand times too long, then a batch of them: 400s, no echo, no 500', async () => {
    const { app } = await openTestApp();
    const huge = 'x'.repeat(36_000);
    const input = encodeURIComponent(JSON.stringify({ json: { id: huge } }));
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        app.inject({
          method: 'GET',
          url: `/trpc/elections.byId?input=${input}`,
          headers: { 'accept-language': 'so', 'x-forwarded-for': '203.0.113.7' },
        }),
      ),
    );
    const messages = new Set(answers.map((answer) => answer.json().error.json.message));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(50).fill(400));
    expect(messages.size).toBe(1);
    const [sentence] = [...messages];
    expect(sentence).not.toContain('xxxxxxxxxx');
    expect(sentence.length).toBeLessThan(200);

    const batchInput = encodeURIComponent(
      JSON.stringify({ 0: { json: { id: huge } }, 1: { json: { id: huge } } }),
    );
    const batch = await app.inject({
      method: 'GET',
      url: `/trpc/elections.byId,elections.byId?batch=1&input=${batchInput}`,
      headers: { 'accept-language': 'so' },
    });
    expect(batch.statusCode).toBe(400);
    expect(
      batch.json().map((answer: { error: { json: { message: string } } }) => answer.error.json.message),
    ).toEqual([sentence, sentence]);
  });
});
