import { VoterRegistration } from '@client/pages/account/voter-registration/VoterRegistration';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp, ServerError, sessionUser } from '../render';

/**
 * /account's Voter registration section: the status in words, the code (large, spaced, with its expiry and a
 * QR code fetched on demand) while the citizen is not on the roll, and the claim form for the imported roll.
 */
const EXPIRES = new Date('2026-11-26T09:30:00Z');

function renderSection(
  status: Record<string, unknown>,
  extra: Record<string, (input: unknown) => unknown> = {},
) {
  return renderWithApp(<VoterRegistration />, {
    namespaces: ['account'],
    user: sessionUser(),
    server: {
      'enrollment.status': () => status,
      'enrollment.liveCode': () => null,
      'enrollment.requestCode': () => ({ code: 'ACE47HK9', expiresAt: EXPIRES }),
      ...extra,
    },
  });
}

describe('Voter registration on /account', () => {
  it('gives a citizen not on the roll a code, spaced, with its expiry and a QR code', async () => {
    const { user, calls } = await renderSection({ status: 'none' });
    const section = await screen.findByRole('region', { name: 'Voter registration' });
    await within(section).findByText('Not registered');
    within(section).getByText(/You are not on the voter roll yet/);
    await user.click(within(section).getByRole('button', { name: 'Get an enrollment code' }));
    const code = await within(section).findByTestId('enrollment-code');
    expect(code.textContent).toBe('ACE4 7HK9');
    expect(code.getAttribute('aria-label')).toBe('Enrollment code A C E 4 7 H K 9');
    // 09:30 UTC is 12:30 in Mogadishu.
    expect(within(section).getByTestId('enrollment-code-expiry').textContent).toMatch(/12:30 EAT/);
    const qr = await within(section).findByRole('img', { name: /QR code of your enrollment code/ });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(within(section).getByRole('link', { name: 'registration center' }).getAttribute('href')).toBe(
      '/registration-centers',
    );
    expect(calls.filter((call) => call.procedure === 'enrollment.requestCode')).toHaveLength(1);
  });

  it('shows the live code the server keeps for the reader at once, without asking for a new one', async () => {
    const { calls } = await renderSection(
      { status: 'none' },
      { 'enrollment.liveCode': () => ({ code: 'KMN69PRW', expiresAt: new Date(Date.now() + 3_600_000) }) },
    );
    const section = await screen.findByRole('region', { name: 'Voter registration' });
    const code = await within(section).findByTestId('enrollment-code');
    expect(code.textContent).toBe('KMN6 9PRW');
    within(section).getByRole('button', { name: 'Get a new code' });
    expect(calls.filter((call) => call.procedure === 'enrollment.requestCode')).toHaveLength(0);
  });

  it('says where an enrolled voter is, without a code or a claim form', async () => {
    await renderSection({
      status: 'enrolled',
      region: 'Banadir',
      district: 'Hodan',
      voterCardNumber: '****5678',
    });
    const section = await screen.findByRole('region', { name: 'Voter registration' });
    await within(section).findByText('You are on the voter roll in Hodan, Banadir.');
    within(section).getByText('Voter card: ****5678');
    expect(within(section).queryByRole('button', { name: 'Get an enrollment code' })).toBeNull();
    expect(within(section).queryByRole('form', { name: 'Claim your voter card' })).toBeNull();
  });

  it('checks the claim form before sending, then shows the server’s sentence', async () => {
    const { user, calls } = await renderSection(
      { status: 'rejected' },
      {
        'enrollment.claim': () => {
          throw new ServerError(
            'BAD_REQUEST',
            400,
            'No entry on the voter roll matches this voter card number.',
          );
        },
      },
    );
    const form = await screen.findByRole('form', { name: 'Claim your voter card' });
    await user.type(within(form).getByRole('textbox', { name: /Voter card number/ }), 'so 1234 5678');
    await user.click(within(form).getByRole('button', { name: 'Claim my voter card' }));
    await within(form).findByText(/Enter the date of birth as on the voter card/);
    expect(calls.some((call) => call.procedure === 'enrollment.claim')).toBe(false);

    const date = within(form).getByLabelText('Date of birth');
    await user.type(date, '1990-04-25');
    await user.click(within(form).getByRole('button', { name: 'Claim my voter card' }));
    await within(form).findByText('No entry on the voter roll matches this voter card number.');
    const claim = calls.find((call) => call.procedure === 'enrollment.claim');
    expect(claim?.input).toEqual({ voterCardNumber: 'so 1234 5678', dateOfBirth: '1990-04-25' });
  });

  it('asks an account without a confirmed e-mail address to confirm it before claiming a card', async () => {
    await renderWithApp(<VoterRegistration />, {
      namespaces: ['account'],
      user: sessionUser({ emailVerified: false }),
      server: {
        'enrollment.status': () => ({ status: 'none' }),
        'enrollment.liveCode': () => null,
        'enrollment.requestCode': () => ({ code: 'ACE47HK9', expiresAt: EXPIRES }),
      },
    });
    const form = await screen.findByRole('form', { name: 'Claim your voter card' });
    within(form).getByText(/Confirm your e-mail address first/);
    expect(within(form).getByRole('button', { name: 'Claim my voter card' }).hasAttribute('disabled')).toBe(
      true,
    );
  });

  it('speaks Somali', async () => {
    await renderWithApp(<VoterRegistration />, {
      language: 'so',
      namespaces: ['account'],
      user: sessionUser(),
      server: { 'enrollment.status': () => ({ status: 'pending', region: 'Banadir', district: 'Hodan' }) },
    });
    const section = await screen.findByRole('region', { name: 'Diiwaangelinta codbixinta' });
    await within(section).findByText('Waxay sugaysaa dib-u-eegis');
    await waitFor(() => expect(section.textContent).not.toMatch(/Pending|registrar/));
  });
});
