import { englishMessage } from '@server/errors/texts';
import { confirmPhoneInput, signInInput, signUpForm, signUpInput } from '@shared/schemas/auth';
import { describe, expect, it } from 'vitest';

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  const message = result.success ? null : result.error?.issues[0]?.message;
  return message ? englishMessage(message) : message;
}

describe('sign-up form', () => {
  const valid = {
    fullName: 'Hodan Ali',
    email: 'hodan@example.so',
    password: 'secret1',
    confirmPassword: 'secret1',
  };

  it('accepts a complete form', () => {
    expect(signUpForm.safeParse(valid).success).toBe(true);
  });

  it.each([
    [{ ...valid, confirmPassword: 'secret2' }, 'Passwords do not match'],
    [{ ...valid, password: '12345', confirmPassword: '12345' }, 'Password must be at least 6 characters'],
    [{ ...valid, fullName: '   ' }, 'Full name is required'],
    [{ ...valid, email: '' }, 'Email is required'],
    [{ ...valid, email: 'hodan@' }, 'Please enter a valid email address'],
  ])('says what is wrong: %#', (form, message) => {
    expect(firstMessage(signUpForm.safeParse(form))).toBe(message);
  });
});

describe('sign-up procedure input', () => {
  it('normalises email and defaults the name to "User"', () => {
    expect(signUpInput.parse({ email: ' Hodan@Example.SO ', password: 'secret1' })).toEqual({
      email: 'hodan@example.so',
      password: 'secret1',
      fullName: 'User',
    });
  });

  it('strips control characters from names', () => {
    expect(
      signUpInput.parse({ fullName: 'Ho\u0000dan\u0007', email: 'a@b.so', password: 'secret1' }).fullName,
    ).toBe('Hodan');
  });
});

describe('sign-in input', () => {
  it('requires both fields', () => {
    expect(firstMessage(signInInput.safeParse({ email: '', password: 'x' }))).toBe('Email is required');
    expect(firstMessage(signInInput.safeParse({ email: 'a@b.so', password: '' }))).toBe(
      'Password is required',
    );
  });
});

describe('an e-mail address or a phone number', () => {
  it('takes exactly one of them at sign-up and sign-in', () => {
    expect(signUpInput.safeParse({ phone: '061 5123456', password: 'secret1' }).success).toBe(true);
    expect(signInInput.safeParse({ phone: '+252615123456', password: 'secret1' }).success).toBe(true);
    const both = { email: 'hodan@example.so', phone: '0615123456', password: 'secret1' };
    expect(firstMessage(signUpInput.safeParse(both))).toBe(
      'Enter an e-mail address or a phone number, not both',
    );
    expect(firstMessage(signInInput.safeParse({ password: 'secret1' }))).toBe(
      'Enter an e-mail address or a phone number, not both',
    );
    expect(firstMessage(signUpInput.safeParse({ phone: ' ', password: 'secret1' }))).toBe(
      'Phone number is required',
    );
    expect(firstMessage(signUpInput.safeParse({ phone: '0'.repeat(41), password: 'secret1' }))).toBe(
      'This is not a phone number. Write it as 061 5xx xxxx, or with its country code, such as +252 61 5xx xxxx.',
    );
  });

  it('reads an SMS code as people copy it, and only six digits', () => {
    expect(confirmPhoneInput.parse({ code: ' 123 456 ' })).toEqual({ code: '123456' });
    expect(confirmPhoneInput.parse({ code: '123-456' })).toEqual({ code: '123456' });
    for (const code of ['12345', '1234567', 'abcdef', '١٢٣٤٥٦']) {
      expect(firstMessage(confirmPhoneInput.safeParse({ code }))).toBe(
        'Enter the 6-digit code we sent you by SMS',
      );
    }
  });
});
