import { StaffFlagsPage } from '@client/pages/staff/flags/flags.page';
import { StaffReviewPage } from '@client/pages/staff/review/review.page';
import { screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Outlet, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp, sessionUser } from '../render';

/** A section page as the console mounts it: under the layout, which hands it the caller's roles. */
function InConsole({ children }: { children: ReactNode }) {
  return (
    <Routes>
      <Route element={<Outlet context={{ registrar: false, supervisor: true }} />}>
        <Route index element={children} />
      </Route>
    </Routes>
  );
}

const supervisorUser = () => sessionUser({ role: 'Enrollment Supervisor', isAdmin: false });
const steppedUp = () => ({ active: true, until: new Date(Date.now() + 600_000), twoFactorRequired: false });

function flaggedCard(n: number, count: number) {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    voterCardNumber: `S0${7100 + n}`,
    voterName: `Voter ${n}`,
    voterStatus: 'enrolled' as const,
    holderName: `Holder ${n}`,
    count,
    claimants: count,
    claimantName: `Claimant ${n}`,
    latestAt: new Date('2026-11-28T10:00:00Z'),
    firstAt: new Date('2026-11-28T09:00:00Z'),
    kinds: ['cardAlreadyClaimed', 'dateOfBirthGuessing'],
  };
}

describe('/staff/flags', () => {
  it('lists one row per card with its count and kinds, and pages on with the cursor', async () => {
    const flags = vi.fn((input: unknown) =>
      (input as { cursor?: string } | undefined)?.cursor
        ? { items: [flaggedCard(3, 1)], nextCursor: null }
        : { items: [flaggedCard(1, 200), flaggedCard(2, 1)], nextCursor: 'next-page' },
    );
    const { user, calls } = await renderWithApp(
      <InConsole>
        <StaffFlagsPage />
      </InConsole>,
      {
        namespaces: ['staff'],
        route: '/staff/flags/*',
        path: '/staff/flags',
        user: supervisorUser(),
        server: { 'auth.stepUpStatus': steppedUp, 'supervisor.flags': flags },
      },
    );
    const first = await screen.findByRole('article', { name: 'S07101' });
    within(first).getByText('200 open flags');
    within(first).getByText(/Someone is guessing this card's date of birth/);
    within(screen.getByRole('article', { name: 'S07102' })).getByText('1 open flag');
    await user.click(screen.getByRole('button', { name: 'Older cards' }));
    await screen.findByRole('article', { name: 'S07103' });
    expect(calls.filter((call) => call.procedure === 'supervisor.flags').map((call) => call.input)).toEqual([
      {},
      { cursor: 'next-page' },
    ]);
  });
});

describe('/staff/review', () => {
  it('shows possible duplicates and approves only once the supervisor says they compared them', async () => {
    const entry = {
      id: '00000000-0000-4000-8000-000000000010',
      voterCardNumber: 'S022220002',
      fullName: 'Hodan Cali Warsame',
      status: 'pending' as const,
      statusReason: null,
      source: 'registrar' as const,
      districtName: 'Hodan',
      region: 'Banadir',
      centerName: 'Center 1',
      centerNameText: { en: 'Center 1', so: '' },
      registrarName: 'Cali Diiwaan',
      createdAt: new Date('2026-11-28T09:00:00Z'),
      reviewedAt: null,
      possibleDuplicates: [
        {
          id: '00000000-0000-4000-8000-000000000011',
          voterCardNumber: 'S011110001',
          fullName: 'Hodan Cali Warsame',
          status: 'enrolled' as const,
          statusReason: null,
          districtName: 'Hodan',
        },
        {
          id: '00000000-0000-4000-8000-000000000012',
          voterCardNumber: 'S022220002',
          fullName: 'Someone Else',
          status: 'rejected' as const,
          statusReason: 'Forged card',
          districtName: 'Hodan',
        },
      ],
    };
    const { user, calls } = await renderWithApp(
      <InConsole>
        <StaffReviewPage />
      </InConsole>,
      {
        namespaces: ['staff'],
        route: '/staff/review/*',
        path: '/staff/review',
        user: supervisorUser(),
        server: {
          'auth.stepUpStatus': steppedUp,
          'supervisor.pending': () => ({ entries: [entry], nextAfter: null }),
          'supervisor.approve': (input) => ({ id: (input as { id: string }).id, status: 'enrolled' }),
        },
      },
    );
    const article = await screen.findByRole('article', { name: 'Hodan Cali Warsame' });
    within(article).getByText('Hodan Cali Warsame, voter card S011110001, Hodan');
    // The same card, refused before: the supervisor reads why.
    within(article).getByText('Someone Else, voter card S022220002, Hodan: refused before (Forged card)');
    const approve = within(article).getByRole('button', { name: 'Approve' });
    expect(approve.hasAttribute('disabled')).toBe(true);
    await user.click(
      within(article).getByRole('checkbox', { name: 'I compared them: this is a different voter' }),
    );
    await user.click(approve);
    await vi.waitFor(() =>
      expect(
        calls.filter((call) => call.procedure === 'supervisor.approve').map((call) => call.input),
      ).toEqual([{ id: entry.id, acknowledgeDuplicates: true }]),
    );
  });
});
