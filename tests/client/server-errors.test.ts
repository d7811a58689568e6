import { i18n } from '@client/i18n';
import { errorCodeText, messageText } from '@client/i18n/error-texts';
import { serverMessage } from '@client/lib/errors';
import { zodValidate } from '@client/lib/zod-form';
import { signUpForm } from '@shared/schemas/auth';
import { TRPCClientError } from '@trpc/client';
import { afterAll, describe, expect, it } from 'vitest';

const ID = '0b6f8c9e-3f4b-4a5e-9d7c-2a1b3c4d5e6f';

/** What the server answers for a service's domain error: its sentence (English here), code and parts. */
const notFound = () =>
  TRPCClientError.from({
    error: {
      message: `No election with id ${ID}.`,
      code: -32004,
      data: { code: 'NOT_FOUND', httpStatus: 404, errorCode: 'election.notFound', params: { id: ID } },
    },
  });

describe("the client says the server's errors and the forms' messages in the reader's language", () => {
  afterAll(() => i18n.changeLanguage('en'));

  it('says a server error from its code and parts, whatever language the server answered in', async () => {
    await i18n.changeLanguage('en');
    expect(serverMessage(notFound())).toBe(`No election with id ${ID}.`);
    await i18n.changeLanguage('so');
    expect(serverMessage(notFound())).toBe(`Ma jirto doorasho leh aqoonsiga ${ID}.`);
  });

  it("shows the server's sentence when the answer has no code", async () => {
    await i18n.changeLanguage('so');
    const plain = TRPCClientError.from({
      error: {
        message: 'The request is malformed.',
        code: -32600,
        data: { code: 'BAD_REQUEST', httpStatus: 400 },
      },
    });
    expect(serverMessage(plain)).toBe('The request is malformed.');
  });

  it("never lets a server's part name act as an i18next option (attack review, 9)", async () => {
    await i18n.changeLanguage('en');
    const hostile = {
      id: ID,
      lng: 'so',
      lngs: 'so',
      keyPrefix: 'account',
      defaultValue: 'Other.',
      returnObjects: 1,
    };
    expect(errorCodeText('election.notFound', hostile)).toBe(`No election with id ${ID}.`);
    expect(messageText(`election.notFound|${JSON.stringify(hostile)}`)).toBe(`No election with id ${ID}.`);
    expect(errorCodeText('time.minutes', { count: 3, lng: 'so' })).toBe('3 minutes');
  });

  it('translates zod messages written as keys, with their parts (labels included)', async () => {
    await i18n.changeLanguage('so');
    const errors = zodValidate(signUpForm)({ fullName: '', email: 'x', password: '1', confirmPassword: '2' });
    expect(Object.values(errors)).toContain('Fadlan geli cinwaan iimayl oo sax ah');
    expect(messageText('validation.between|{"label":{"key":"label.latitude"},"min":-90,"max":90}')).toBe(
      'Loolka waa inuu u dhexeeyaa -90 iyo 90',
    );
    await i18n.changeLanguage('en');
    expect(messageText('validation.between|{"label":{"key":"label.latitude"},"min":-90,"max":90}')).toBe(
      'Latitude must be between -90 and 90',
    );
  });
});
