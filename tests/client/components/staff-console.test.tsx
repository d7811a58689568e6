import { NavDrawer } from '@client/components/layout/NavDrawer';
import { CodeScanner } from '@client/pages/staff/enroll/CodeScanner';
import { CodeStep } from '@client/pages/staff/enroll/CodeStep';
import { StaffLayout } from '@client/pages/staff/layout/StaffLayout';
import type { StaffRole } from '@shared/roles';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp, sessionUser } from '../render';

/**
 * The staff console's client side: who gets in (the server refuses on its own regardless), which sections each
 * role sees, the header drawer's link, and the code step's forgiving input.
 */
const overview = (registrar: boolean, supervisor: boolean) => () => ({
  roles: { registrar, supervisor },
  centers: registrar ? 1 : 0,
});

function staffUser(role: StaffRole | null) {
  return sessionUser({ role, isAdmin: role === 'System Admin' });
}

async function sectionLinks() {
  const nav = await screen.findByRole('navigation', { name: 'Staff console sections' });
  await within(nav).findAllByRole('link');
  return within(nav)
    .getAllByRole('link')
    .map((link) => link.textContent);
}

describe('/staff', () => {
  it('asks a visitor to sign in', async () => {
    await renderWithApp(<StaffLayout />, { namespaces: ['staff'], route: '/staff' });
    await screen.findByText('Please sign in with your staff account to open the staff console.');
    expect(screen.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/auth');
  });

  it('tells a citizen no, without asking the server', async () => {
    const { calls } = await renderWithApp(<StaffLayout />, {
      namespaces: ['staff'],
      route: '/staff',
      user: staffUser(null),
    });
    await screen.findByText('Access denied. Only registration staff can open this page.');
    expect(calls).toHaveLength(0);
  });

  it('shows a registrar the enroll section only', async () => {
    await renderWithApp(<StaffLayout />, {
      namespaces: ['staff'],
      route: '/staff',
      user: staffUser('Registrar'),
      server: { 'staff.overview': overview(true, false) },
    });
    expect(await sectionLinks()).toEqual(['Enroll a voter']);
  });

  it('shows a supervisor review, voters, statistics and flags', async () => {
    await renderWithApp(<StaffLayout />, {
      namespaces: ['staff'],
      route: '/staff',
      user: staffUser('Enrollment Supervisor'),
      server: { 'staff.overview': overview(false, true) },
    });
    expect(await sectionLinks()).toEqual(['Review', 'Voters', 'Statistics', 'Flags']);
  });

  it('shows a System Admin every section', async () => {
    await renderWithApp(<StaffLayout />, {
      namespaces: ['staff'],
      route: '/staff',
      user: staffUser('System Admin'),
      server: { 'staff.overview': overview(true, true) },
    });
    expect(await sectionLinks()).toEqual(['Enroll a voter', 'Review', 'Voters', 'Statistics', 'Flags']);
  });

  it('shows a staff account that must set up two-factor sign-in the setup instead of the tools', async () => {
    const { calls } = await renderWithApp(<StaffLayout />, {
      namespaces: ['staff', 'account'],
      route: '/staff',
      user: staffUser('Enrollment Supervisor'),
      server: {
        'auth.twoFactor.status': () => twoFactorStatus(true),
        'staff.overview': overview(false, true),
      },
    });
    await screen.findByRole('heading', { name: 'Set up two-factor sign-in first' });
    expect(screen.getByRole('button', { name: 'Set up an authenticator app' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Staff console sections' })).toBeNull();
    expect(calls.map((call) => call.procedure)).not.toContain('staff.overview');
  });

  it('opens the tools once two-factor sign-in is set up (or not required)', async () => {
    await renderWithApp(<StaffLayout />, {
      namespaces: ['staff', 'account'],
      route: '/staff',
      user: staffUser('Registrar'),
      server: {
        'auth.twoFactor.status': () => twoFactorStatus(false),
        'staff.overview': overview(true, false),
      },
    });
    expect(await sectionLinks()).toEqual(['Enroll a voter']);
    expect(screen.queryByRole('heading', { name: 'Set up two-factor sign-in first' })).toBeNull();
  });
});

function twoFactorStatus(setupRequired: boolean) {
  return {
    enabled: !setupRequired,
    enabledAt: null,
    recoveryCodesLeft: setupRequired ? 0 : 10,
    setupRequired,
  };
}

describe('the drawer', () => {
  it.each([
    ['Registrar', true],
    ['Enrollment Supervisor', true],
    ['System Admin', true],
    [null, false],
  ] as const)('links the staff console for %s: %s', async (role, linked) => {
    await renderWithApp(<NavDrawer opened onClose={() => undefined} />, { user: staffUser(role) });
    const nav = await screen.findByRole('navigation', { name: 'Mobile' });
    const link = within(nav).queryByRole('link', { name: 'Staff console' });
    expect(link !== null).toBe(linked);
    if (link) expect(link.getAttribute('href')).toBe('/staff');
  });
});

describe('the enrollment code step', () => {
  it('forgives case, spaces and dashes, and sends the code as the server reads it', async () => {
    const onFound = vi.fn();
    const { user, calls } = await renderWithApp(<CodeStep onFound={onFound} />, {
      namespaces: ['staff'],
      user: staffUser('Registrar'),
      server: { 'registrar.lookupCode': () => ({ fullName: 'Faadumo Xasan', email: 'f***@example.so' }) },
    });
    await user.type(await screen.findByRole('textbox', { name: /Enrollment code/ }), ' ace4-7hk 9 ');
    await user.click(screen.getByRole('button', { name: 'Find the account' }));
    await vi.waitFor(() => expect(onFound).toHaveBeenCalled());
    expect(calls).toEqual([{ procedure: 'registrar.lookupCode', input: { code: 'ACE47HK9' } }]);
    expect(onFound).toHaveBeenCalledWith({
      fullName: 'Faadumo Xasan',
      email: 'f***@example.so',
      code: 'ACE47HK9',
    });
  });

  it('refuses a code that cannot be one before asking the server', async () => {
    const { user, calls } = await renderWithApp(<CodeStep onFound={() => undefined} />, {
      namespaces: ['staff'],
      user: staffUser('Registrar'),
    });
    // O and 0 are not in the alphabet: they look like each other.
    await user.type(await screen.findByRole('textbox', { name: /Enrollment code/ }), 'ACE4O0K9');
    await user.click(screen.getByRole('button', { name: 'Find the account' }));
    // The sentence names every character a code may hold, so the registrar sees which one was mistyped.
    await screen.findByText(
      "An enrollment code is 8 characters, each one of A C E F G H J K M N P R W X Y 3 4 6 7 9, as shown on the citizen's account page.",
    );
    expect(calls).toHaveLength(0);
  });
});

describe('the camera scanner', () => {
  it.each([
    ['NotAllowedError', 'Permission to use the camera was refused.'],
    ['NotFoundError', 'No camera was found on this device. Type the code instead.'],
  ])('says what to do when the camera fails with %s', async (name, sentence) => {
    const getUserMedia = vi.fn(() => Promise.reject(new DOMException('camera', name)));
    vi.stubGlobal('navigator', { ...navigator, mediaDevices: { getUserMedia } });
    const onClose = vi.fn();
    const { user } = await renderWithApp(<CodeScanner onCode={() => undefined} onClose={onClose} />, {
      namespaces: ['staff'],
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(sentence);
    expect(getUserMedia).toHaveBeenCalledWith({
      video: { facingMode: { ideal: 'environment' } },
      audio: false,
    });
    await user.click(screen.getByRole('button', { name: 'Close the camera' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('reads a code with the browser’s BarcodeDetector, then lets the camera go', async () => {
    const stop = vi.fn();
    const stream = { getTracks: () => [{ stop }] };
    vi.stubGlobal('navigator', { ...navigator, mediaDevices: { getUserMedia: vi.fn(async () => stream) } });
    const seen = ['https://example.so/not-a-code', ' ace4-7hk9 '];
    vi.stubGlobal(
      'BarcodeDetector',
      class {
        async detect() {
          const next = seen.shift();
          return next ? [{ rawValue: next }] : [];
        }
      },
    );
    // happy-dom has no camera: the video element takes the fake stream and plays it without decoding.
    vi.spyOn(HTMLMediaElement.prototype, 'srcObject', 'set').mockImplementation(() => undefined);
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    const onCode = vi.fn();
    const { unmount } = await renderWithApp(<CodeScanner onCode={onCode} onClose={() => undefined} />, {
      namespaces: ['staff'],
    });
    await vi.waitFor(() => expect(onCode).toHaveBeenCalledWith('ACE47HK9'), { timeout: 3000 });
    expect(onCode).toHaveBeenCalledTimes(1);
    unmount();
    expect(stop).toHaveBeenCalled();
  });
});
