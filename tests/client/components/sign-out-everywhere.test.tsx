import { sessionState } from '@client/lib/session';
import { SignOutEverywhere } from '@client/pages/account/SignOutEverywhere';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp, sessionUser } from '../render';

describe('Sign out everywhere on /account', () => {
  it('says it signs this device out too, ends every session and leaves the reader signed out', async () => {
    const { user, calls } = await renderWithApp(<SignOutEverywhere />, {
      namespaces: ['account'],
      route: '/account',
      user: sessionUser(),
      server: { 'auth.signOutEverywhere': () => ({ success: true, sessionsEnded: 2 }) },
    });
    await screen.findByRole('heading', { name: 'Sign out everywhere' });
    await user.click(screen.getByRole('button', { name: 'Sign out everywhere, this device too' }));
    await waitFor(() => expect(calls.map((call) => call.procedure)).toContain('auth.signOutEverywhere'));
    await waitFor(() => expect(sessionState().user).toBeNull());
  });

  it('says it in Somali', async () => {
    await renderWithApp(<SignOutEverywhere />, {
      language: 'so',
      namespaces: ['account'],
      route: '/account',
      user: sessionUser(),
    });
    await screen.findByRole('button', { name: 'Ka bax meel kasta, qalabkan ku jiro' });
  });
});
