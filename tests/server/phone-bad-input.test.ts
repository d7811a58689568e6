import { users } from '@server/db/schema';
import { describe, expect, it } from 'vitest';
import { buildTestApp, sameOrigin, sessionCookieFrom, trpcBody } from '../helpers/app';
import { codeSentTo, uniquePhone } from '../helpers/phone';
import { PASSWORD } from '../helpers/phone-accounts';

/** Numbers that are not allowed and codes that are not right, each with its sentence in English and Somali. */
describe('bad phone input, in English and Somali', () => {
  const cases: [string, unknown, string, string][] = [
    [
      'not a phone number',
      { phone: 'call me maybe', password: PASSWORD },
      'This is not a phone number. Write it as 061 5xx xxxx, or with its country code, such as +252 61 5xx xxxx.',
      'Kani ma aha lambar taleefan. U qor sidan 061 5xx xxxx, ama koodhka waddanka la socda, sida +252 61 5xx xxxx.',
    ],
    [
      'too short to be a number',
      { phone: '0611', password: PASSWORD },
      'This is not a phone number. Write it as 061 5xx xxxx, or with its country code, such as +252 61 5xx xxxx.',
      'Kani ma aha lambar taleefan. U qor sidan 061 5xx xxxx, ama koodhka waddanka la socda, sida +252 61 5xx xxxx.',
    ],
    [
      'a country not allowed',
      { phone: '+254 712 345678', password: PASSWORD },
      'Codka does not accept phone numbers from this country. Use a Somali number.',
      'Codka ma aqbalo lambarrada taleefannada waddankan. Isticmaal lambar Soomaaliyeed.',
    ],
    [
      'a fixed line, which cannot receive an SMS',
      { phone: '+252 1 234567', password: PASSWORD },
      'This number cannot receive text messages. Use a mobile number.',
      'Lambarkani ma heli karo fariimo qoraal ah. Isticmaal lambar moobiil.',
    ],
    [
      'both an e-mail address and a number',
      { email: 'both@test.codka.example', phone: '0615123456', password: PASSWORD },
      'Enter an e-mail address or a phone number, not both',
      'Geli cinwaan iimayl ama lambar taleefan, labadaba ha gelin',
    ],
  ];

  it.each(cases)(
    'auth.signUp refuses %s, sends no SMS and makes no account',
    async (_name, input, english, somali) => {
      const { app, db, sms } = await buildTestApp({ env: { RATE_LIMITS: 'off' } });
      try {
        const before = db.select().from(users).all().length;
        for (const [language, sentence] of [
          ['en', english],
          ['so', somali],
        ] as const) {
          const response = await app.inject({
            method: 'POST',
            url: '/trpc/auth.signUp',
            headers: { 'content-type': 'application/json', ...sameOrigin, 'accept-language': language },
            payload: trpcBody({ fullName: 'Hodan Ali', ...(input as object) }),
          });
          expect(response.statusCode).toBe(400);
          expect(response.json().error.json.message).toBe(sentence);
        }
        expect(sms.sent).toEqual([]);
        expect(db.select().from(users).all()).toHaveLength(before);
      } finally {
        await app.close();
      }
    },
  );

  it('answers a wrong code, a used one and too many tries in Somali too', async () => {
    const { app, sms } = await buildTestApp({ env: { RATE_LIMITS: 'off' } });
    try {
      const json = { 'content-type': 'application/json', ...sameOrigin, 'accept-language': 'so' };
      const phone = uniquePhone();
      await app.inject({
        method: 'POST',
        url: '/trpc/auth.signUp',
        headers: json,
        payload: trpcBody({ fullName: 'Hodan Ali', phone, password: PASSWORD }),
      });
      const signIn = await app.inject({
        method: 'POST',
        url: '/trpc/auth.signIn',
        headers: json,
        payload: trpcBody({ phone, password: PASSWORD }),
      });
      const cookie = sessionCookieFrom(signIn.headers['set-cookie']);
      const confirm = (code: string) =>
        app.inject({
          method: 'POST',
          url: '/trpc/auth.confirmPhone',
          headers: { ...json, cookie },
          payload: trpcBody({ code }),
        });
      const code = codeSentTo(sms.sent, phone);
      const wrong = code === '000000' ? '111111' : '000000';
      expect((await confirm(wrong)).json().error.json.message).toBe(
        'Kani ma aha koodhka aan kuu soo dirnay. Hubi oo mar kale isku day.',
      );
      expect((await confirm(code)).statusCode).toBe(200);
      const reused = await confirm(code);
      expect(reused.statusCode).toBe(400);
      expect(reused.json().error.json.message).toBe(
        'Koodhkani wuu dhacay ama horey ayaa loo isticmaalay. Codso koodh cusub.',
      );
      const malformed = await confirm('12345');
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().error.json.message).toBe(
        'Geli koodhka 6-da god ah ee aan kuugu soo dirnay SMS',
      );
    } finally {
      await app.close();
    }
  });
});
