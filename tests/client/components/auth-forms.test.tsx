import type { Language } from '@client/i18n/language';
import { SignInForm } from '@client/pages/auth/SignInForm';
import { SignUpForm } from '@client/pages/auth/SignUpForm';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorUnder, type Handler, renderWithApp, ServerError } from '../render';

/**
 * Sign-up and sign-in validation (docs/product.md#account-forms): the product's sentences under the field they
 * concern, in English and in Somali, and nothing sent to the server while the form is invalid.
 */

function renderForm(
  form: 'signIn' | 'signUp',
  language: Language = 'en',
  server: Record<string, Handler> = {},
) {
  return renderWithApp(form === 'signIn' ? <SignInForm /> : <SignUpForm />, {
    language,
    namespaces: ['auth'],
    route: '/auth',
    server,
  });
}

/** A field by its label, which Mantine ends with " *" on a required one (not the sign-up's choice of contact). */
const field = (label: string) =>
  screen.getByLabelText(new RegExp(`^${label}( \\*)?$`), { selector: 'input:not([type="radio"])' });

/** Every field's message, by label. */
const errors = (labels: string[]) =>
  Object.fromEntries(labels.map((label) => [label, errorUnder(field(label))]));

const SIGN_UP_FIELDS = ['Full Name', 'Email', 'Password', 'Confirm Password'];
const PHONE_SIGN_UP_FIELDS = ['Full Name', 'Phone number', 'Password', 'Confirm Password'];

/** The Sign Up form asks for a phone number first; its choice of contact switches to an e-mail address. */
async function chooseEmail(user: Awaited<ReturnType<typeof renderForm>>['user'], label = 'Email') {
  await user.click(screen.getByRole('radio', { name: label }));
}

describe('Sign Up form', () => {
  it('says every required field is missing, and sends nothing', async () => {
    const { user, calls } = await renderForm('signUp');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    // The phone number first, with its format written under the box.
    expect(screen.getByText('A Somali number: 061 555 0100 or +252 61 555 0100')).toBeTruthy();
    expect(errors(PHONE_SIGN_UP_FIELDS)).toEqual({
      'Full Name': 'Full name is required',
      'Phone number': 'Phone number is required',
      Password: 'Password is required',
      'Confirm Password': 'Password is required',
    });
    await chooseEmail(user);
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(errors(SIGN_UP_FIELDS)).toEqual({
      'Full Name': 'Full name is required',
      Email: 'Email is required',
      Password: 'Password is required',
      'Confirm Password': 'Password is required',
    });
    expect(calls).toEqual([]);
  });

  it('asks for a valid email, 6 characters and a matching confirmation', async () => {
    const { user, calls } = await renderForm('signUp');
    await chooseEmail(user);
    await user.type(field('Full Name'), 'Asha Ali');
    await user.type(field('Email'), 'asha@');
    await user.type(field('Password'), 'abc');
    await user.type(field('Confirm Password'), 'abd');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(errors(SIGN_UP_FIELDS)).toEqual({
      'Full Name': null,
      Email: 'Please enter a valid email address',
      Password: 'Password must be at least 6 characters',
      'Confirm Password': 'Passwords do not match',
    });
    expect(calls).toEqual([]);
  });

  it('says it in Somali', async () => {
    const { user, calls } = await renderForm('signUp', 'so');
    await user.type(field('Xaqiiji Furaha Sirta ah'), 'abcdef');
    await user.type(field('Furaha sirta ah'), 'abc');
    await user.click(screen.getByRole('button', { name: 'Samee Akoon' }));
    expect(
      errors(['Magaca oo Dhan', 'Lambarka taleefanka', 'Furaha sirta ah', 'Xaqiiji Furaha Sirta ah']),
    ).toEqual({
      'Magaca oo Dhan': 'Magaca oo buuxa waa qasab',
      'Lambarka taleefanka': 'Lambarka taleefanka waa qasab',
      'Furaha sirta ah': 'Furaha sirta ahi waa inuu ahaadaa ugu yaraan 6 xaraf',
      'Xaqiiji Furaha Sirta ah': 'Furayaasha sirta ahi isma waafaqsana',
    });
    expect(calls).toEqual([]);
  });

  it('sends name, email and password once valid (not the confirmation), then shows the next step instead of the form', async () => {
    const { user, calls } = await renderForm('signUp', 'en', {
      'auth.signUp': () => ({ success: true, verificationSent: true }),
      'auth.session': () => ({ user: null }),
    });
    await chooseEmail(user);
    await user.type(field('Full Name'), 'Asha Ali');
    await user.type(field('Email'), 'Asha@Example.so');
    await user.type(field('Password'), 'secret1');
    await user.type(field('Confirm Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'Welcome to CodkaAccount created successfully! Please check your email to verify your account',
    );
    expect(calls[0]).toEqual({
      procedure: 'auth.signUp',
      input: { fullName: 'Asha Ali', email: 'Asha@Example.so', password: 'secret1' },
    });
    // Sign-up starts no session: no form is left under the message, only the way to sign in.
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.queryByLabelText(/^Password/)).toBeNull();
    expect(
      screen.getByText('Once your email is confirmed, sign in with the email and password you chose.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/auth');
  });

  it('sends name, phone number and password, then asks for the code the number received', async () => {
    const { user, calls } = await renderForm('signUp', 'en', {
      'auth.signUp': () => ({ success: true, verificationSent: true }),
      'auth.session': () => ({ user: null }),
    });
    await user.type(field('Full Name'), 'Asha Ali');
    await user.type(field('Phone number'), '061 555 0100');
    await user.type(field('Password'), 'secret1');
    await user.type(field('Confirm Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'Welcome to CodkaAccount created! To confirm your number, enter the 6-digit code we sent you by SMS.',
    );
    expect(calls[0]).toEqual({
      procedure: 'auth.signUp',
      input: { fullName: 'Asha Ali', phone: '061 555 0100', password: 'secret1' },
    });
    expect(screen.getByRole('form', { name: 'Confirm your phone number' })).toBeTruthy();
    expect(field('Code from the SMS')).toBeTruthy();
    expect(screen.queryByLabelText(/^Password/)).toBeNull();
  });
});

describe('Sign In form', () => {
  it('says both fields are required, in English and in Somali, and sends nothing', async () => {
    const english = await renderForm('signIn');
    await english.user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(errors(['Phone number or email', 'Password'])).toEqual({
      'Phone number or email': 'Enter your phone number or e-mail address',
      Password: 'Password is required',
    });
    expect(english.calls).toEqual([]);
    english.unmount();

    const somali = await renderForm('signIn', 'so');
    await somali.user.click(screen.getByRole('button', { name: 'Gal' }));
    expect(errors(['Lambarka taleefanka ama iimaylka', 'Furaha sirta ah'])).toEqual({
      'Lambarka taleefanka ama iimaylka': 'Geli lambarka taleefankaaga ama cinwaanka iimaylkaaga',
      'Furaha sirta ah': 'Furaha sirta ah waa qasab',
    });
    expect(somali.calls).toEqual([]);
  });

  it('sends what has no @ as a phone number, for the server to read', async () => {
    const { user, calls } = await renderForm('signIn', 'en', {
      'auth.signIn': () => {
        throw new ServerError('UNAUTHORIZED', 401, 'Invalid login credentials');
      },
    });
    await user.type(field('Phone number or email'), ' 061 555 0100 ');
    await user.type(field('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await screen.findByRole('alert');
    expect(calls).toEqual([
      { procedure: 'auth.signIn', input: { phone: '061 555 0100', password: 'secret1' } },
    ]);
  });

  it("sends the credentials once valid, and shows the server's sentence when refused", async () => {
    const { user, calls } = await renderForm('signIn', 'en', {
      'auth.signIn': () => {
        throw new ServerError('UNAUTHORIZED', 401, 'Invalid login credentials');
      },
    });
    await user.type(field('Phone number or email'), 'asha@example.so');
    await user.type(field('Password'), 'wrong password');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Sign in failedInvalid login credentials');
    expect(calls).toEqual([
      { procedure: 'auth.signIn', input: { email: 'asha@example.so', password: 'wrong password' } },
    ]);
  });
});
