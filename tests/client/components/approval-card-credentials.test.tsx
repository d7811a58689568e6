import type { Language } from '@client/i18n/language';
import { ApprovalCard, type PendingApproval } from '@client/pages/admin/approvals/ApprovalCard';
import { cleanup, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../render';

/**
 * A verifiable opening's card says where its voters' credentials stand (docs/decisions/024-national-opening.md):
 * being prepared (how many accounts read, of how many), ready, or failed, in the admin's language.
 */
function opening(credentials: PendingApproval['credentials']): PendingApproval {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    kind: 'electionOpen',
    summary: {
      title: 'Doorashada 2027',
      fromStatus: 'Draft',
      toStatus: 'Active',
      startTime: '2027-01-01T06:00:00.000Z',
      endTime: '2027-01-02T06:00:00.000Z',
      resultsVisible: false,
      hideResultsUntilClose: true,
    },
    requestedBy: { id: null, fullName: 'Amina Yusuf' },
    requestedAt: new Date('2026-11-29T09:00:00Z'),
    ownRequest: false,
    credentials,
  };
}

async function cardText(credentials: PendingApproval['credentials'], language: Language) {
  cleanup();
  await renderWithApp(
    <ApprovalCard approval={opening(credentials)} busy={null} onConfirm={() => {}} onCancel={() => {}} />,
    { language, namespaces: ['admin'] },
  );
  return screen.getByRole('article').textContent ?? '';
}

describe('an opening’s approval card', () => {
  it('says how far the credentials are, in English and Somali', async () => {
    const preparing = { status: 'preparing' as const, checked: 12_000, total: 1_250_000 };
    expect(await cardText(preparing, 'en')).toContain(
      'Voters’ credentials: being prepared, 12,000 of 1,250,000 accounts read.',
    );
    expect(await cardText(preparing, 'so')).toContain(
      'Aqoonsiyada codbixiyeyaasha: waa la diyaarinayaa, 12,000 ka mid ah 1,250,000 xisaab ayaa la akhriyay.',
    );
    const ready = { status: 'ready' as const, checked: 10, total: 10 };
    expect(await cardText(ready, 'en')).toContain('Voters’ credentials: ready.');
    expect(await cardText(ready, 'so')).toContain('Aqoonsiyada codbixiyeyaasha: diyaar.');
    const failed = { status: 'failed' as const, checked: 3, total: 10 };
    expect(await cardText(failed, 'en')).toContain('preparing them failed. Confirming starts it again.');
    expect(await cardText(failed, 'so')).toContain('diyaarintoodu way guuldareysatay');
  });

  it('says nothing of credentials for an opening that needs none', async () => {
    expect(await cardText(null, 'en')).not.toContain('credentials');
  });
});
