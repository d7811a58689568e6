import { englishMessage } from '@server/errors/texts';
import { signInInput, signUpForm, signUpInput } from '@shared/schemas/auth';
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
