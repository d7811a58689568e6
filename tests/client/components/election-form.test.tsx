import type { Language } from '@client/i18n/language';
import { ElectionFormModal } from '@client/pages/admin/elections/ElectionFormModal';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { errorUnder, renderWithApp } from '../render';

/**
 * The election form (docs/product.md#election-form): title, start and end times required, and on create at least one
 * candidate with a name; the product's sentences under the right field in both languages, nothing sent while invalid,
 * and the times read in East Africa Time whatever the admin's own zone.
 */
function renderForm(language: Language = 'en') {
  const onSaved = vi.fn(async () => undefined);
  const onClose = vi.fn();
  const rendered = renderWithApp(<ElectionFormModal election={null} onClose={onClose} onSaved={onSaved} />, {
    language,
    namespaces: ['adminElections', 'eligibility'],
    route: '/admin/elections',
    server: { 'admin.elections.create': () => ({ id: 'e1' }) },
  });
  return rendered.then((result) => ({ ...result, onSaved, onClose }));
}

const field = (label: string) =>
  screen.getByLabelText(new RegExp(`^${label}( \\*)?$`), { selector: 'input' });

describe('election form', () => {
  it('says what is missing under each field and under the ballot, and sends nothing', async () => {
    const { user, calls } = await renderForm();
    await user.click(screen.getByRole('button', { name: 'Create Election' }));
    expect(errorUnder(field('Title'))).toBe('Title is required');
    expect(errorUnder(field('Start time'))).toBe('Start time is required');
    expect(errorUnder(field('End time'))).toBe('End time is required');
    expect(screen.getByRole('alert').textContent).toBe('Please add at least one candidate with a name');
    expect(calls).toEqual([]);
  });

  it('says it in Somali', async () => {
    const { user, calls } = await renderForm('so');
    await user.click(screen.getByRole('button', { name: 'Abuur doorasho' }));
    expect(errorUnder(field('Cinwaanka'))).toBe('Cinwaanka waa qasab');
    expect(errorUnder(field('Waqtiga bilowga'))).toBe('Waqtiga bilowga waa qasab');
    expect(errorUnder(field('Waqtiga dhammaadka'))).toBe('Waqtiga dhammaadka waa qasab');
    expect(screen.getByRole('alert').textContent).toBe('Fadlan ku dar ugu yaraan hal musharrax oo magac leh');
    expect(calls).toEqual([]);
  });

  it('keeps the ballot message while the only candidate has a blank name', async () => {
    const { user, calls } = await renderForm();
    await user.type(field('Title'), 'Presidential Election 2026');
    await user.type(field('Start time'), '2026-07-01T08:00');
    await user.type(field('End time'), '2026-07-03T17:00');
    const candidate = screen.getByRole('group', { name: 'Candidate 1' });
    await user.type(within(candidate).getByLabelText(/^Name/, { selector: 'input' }), '   ');
    await user.click(screen.getByRole('button', { name: 'Create Election' }));
    expect(errorUnder(field('Title'))).toBeNull();
    expect(screen.getByRole('alert').textContent).toBe('Please add at least one candidate with a name');
    expect(calls).toEqual([]);
  });

  it('sends the election once valid, its times read in East Africa Time', async () => {
    const { user, calls, onSaved } = await renderForm();
    await user.type(field('Title'), 'Presidential Election 2026');
    await user.type(field('Start time'), '2026-07-01T08:00');
    await user.type(field('End time'), '2026-07-03T17:00');
    const candidate = screen.getByRole('group', { name: 'Candidate 1' });
    await user.type(within(candidate).getByLabelText(/^Name/, { selector: 'input' }), 'Hodan Warsame');
    await user.click(screen.getByRole('button', { name: 'Create Election' }));

    expect((await screen.findByRole('alert')).textContent).toBe('SuccessElection created successfully');
    expect(calls).toEqual([
      {
        procedure: 'admin.elections.create',
        input: {
          title: 'Presidential Election 2026',
          // No Somali title typed: the form sends it empty (one language is enough).
          titleSo: '',
          description: null,
          descriptionSo: null,
          electionType: 'Presidential',
          startTime: new Date('2026-07-01T05:00:00Z'),
          endTime: new Date('2026-07-03T14:00:00Z'),
          status: 'Draft',
          resultsVisible: false,
          hideResultsUntilClose: true,
          // Counted as today unless Verifiable is chosen.
          counting: 'standard',
          eligibility: 'enrolled',
          eligibleRegions: null,
          candidates: [
            {
              name: 'Hodan Warsame',
              party: null,
              partySo: null,
              positionSought: null,
              positionSoughtSo: null,
            },
          ],
        },
      },
    ]);
    expect(onSaved).toHaveBeenCalledTimes(1);
  });

  it('sends a title written in Somali only (docs/decisions/021-bilingual-content.md)', async () => {
    const { user, calls } = await renderForm('so');
    await user.type(field('Cinwaanka af-Soomaali'), 'Doorashada Madaxweynaha 2026');
    await user.type(field('Waqtiga bilowga'), '2026-07-01T08:00');
    await user.type(field('Waqtiga dhammaadka'), '2026-07-03T17:00');
    const candidate = screen.getAllByRole('group')[0] as HTMLElement;
    await user.type(within(candidate).getAllByRole('textbox')[0] as HTMLElement, 'Hodan Warsame');
    await user.click(screen.getByRole('button', { name: 'Abuur doorasho' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(calls[0]?.input).toMatchObject({ title: '', titleSo: 'Doorashada Madaxweynaha 2026' });
  });
});
