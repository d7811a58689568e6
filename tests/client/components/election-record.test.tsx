import { ElectionRecordNotice } from '@client/components/elections/ElectionRecordNotice';
import { ReceiptInRecord } from '@client/components/elections/ReceiptInRecord';
import { merkleRoot, recordEntryOf } from '@server/services/election-record/merkle';
import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../render';

const ELECTION_ID = '3edf64f8-4a82-45ae-a1ed-a291b6420f97';
const RECEIPTS = ['V1795000000001-aaaaaaaaa', 'V1795000000002-bbbbbbbbb', 'V1795000000003-ccccccccc'];
const ENTRIES = RECEIPTS.map(recordEntryOf).sort();
const RECORD = { entries: ENTRIES, root: merkleRoot(ENTRIES) };

const PUBLISHED = { root: RECORD.root, votesCast: 3 };

/** The check starts on a click, so the test's record server is in place before the page asks for the file. */
function CheckOnClick({ receiptId, published }: { receiptId: string; published: typeof PUBLISHED | null }) {
  const [shown, setShown] = useState(false);
  if (shown) return <ReceiptInRecord electionId={ELECTION_ID} receiptId={receiptId} record={published} />;
  return (
    <button type="button" onClick={() => setShown(true)}>
      Check
    </button>
  );
}

/** Renders the check with GET /api/v1/elections/:id/record answering `answer`; returns what was fetched. */
async function checkReceipt(
  receiptId: string,
  answer: Response,
  options: { language?: 'en' | 'so'; published?: typeof PUBLISHED | null } = {},
) {
  const view = await renderWithApp(
    <CheckOnClick
      receiptId={receiptId}
      published={options.published === undefined ? PUBLISHED : options.published}
    />,
    { language: options.language ?? 'en', namespaces: ['elections'] },
  );
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: string | URL | Request) => {
      asked.push(String(request instanceof Request ? request.url : request));
      return answer.clone();
    }),
  );
  await view.user.click(screen.getByRole('button', { name: 'Check' }));
  return asked;
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('the election record on the results page', () => {
  it('shows the root, the number of entries, the download and how to check it', async () => {
    await renderWithApp(
      <ElectionRecordNotice electionId={ELECTION_ID} record={{ root: RECORD.root, votesCast: 3 }} />,
      {
        namespaces: ['elections'],
      },
    );
    expect(screen.getByRole('heading', { name: 'Election record' })).toBeTruthy();
    expect(screen.getByTestId('election-record-root').textContent).toBe(RECORD.root);
    expect(screen.getByText(/3 entries/)).toBeTruthy();
    const download = screen.getByRole('link', { name: 'Download the record (JSON)' });
    expect(download.getAttribute('href')).toBe(`/api/v1/elections/${ELECTION_ID}/record`);
    expect(download.hasAttribute('download')).toBe(true);
    expect(screen.getByRole('link', { name: 'How to check it' }).getAttribute('href')).toBe(
      '/open-data#election-record',
    );
  });

  it('says it in Somali', async () => {
    await renderWithApp(
      <ElectionRecordNotice electionId={ELECTION_ID} record={{ root: RECORD.root, votesCast: 1 }} />,
      {
        language: 'so',
        namespaces: ['elections'],
      },
    );
    expect(screen.getByRole('heading', { name: 'Diiwaanka doorashada' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Soo deji diiwaanka (JSON)' })).toBeTruthy();
    expect(screen.getByText(/1 gal/)).toBeTruthy();
  });
});

describe('/verify: is the receipt in the election record', () => {
  it('finds it in the browser: only the record is fetched, never with the receipt', async () => {
    const asked = await checkReceipt(RECEIPTS[1] as string, json(RECORD));
    const found = await screen.findByTestId('receipt-in-record');
    expect(found.textContent).toContain('Its fingerprint is in the record of this election');
    expect(found.textContent).toContain(RECORD.root);
    expect(asked).toEqual([`/api/v1/elections/${ELECTION_ID}/record`]);
    expect(asked.join()).not.toContain(RECEIPTS[1]);
    expect(asked.join()).not.toContain(recordEntryOf(RECEIPTS[1] as string));
  });

  it('says when it is not in the record', async () => {
    await checkReceipt('V1795000000009-zzzzzzzzz', json(RECORD));
    expect((await screen.findByTestId('receipt-in-record')).textContent).toBe(
      `Election recordIts fingerprint is not in the record of this election (root ${RECORD.root}).`,
    );
  });

  it('says when the downloaded file is not the record fixed at close', async () => {
    await checkReceipt(RECEIPTS[0] as string, json({ ...RECORD, entries: ENTRIES.slice(1) }), {
      language: 'so',
    });
    expect((await screen.findByTestId('receipt-in-record')).textContent).toBe(
      "Diiwaanka doorashadaDiiwaanka la soo dejiyay xididkiisa kuma beegna: ma aha diiwaanka la go'aamiyay markii doorashada la xiray.",
    );
  });

  it('refuses a file whose own entries add up but whose root is not the one the site published', async () => {
    const others = ['V1795000000007-xxxxxxxxx', RECEIPTS[0] as string].map(recordEntryOf).sort();
    await checkReceipt(RECEIPTS[0] as string, json({ entries: others, root: merkleRoot(others) }));
    expect((await screen.findByTestId('receipt-in-record')).textContent).toContain(
      'it is not the record fixed at close',
    );
  });

  it('says the record comes once the election has closed and its results are public, and fetches nothing', async () => {
    const asked = await checkReceipt(RECEIPTS[0] as string, json({}), { published: null });
    expect(asked).toEqual([]);
    expect(
      await screen.findByText(
        'The record of this election is published once the election has closed and its results are public.',
      ),
    ).toBeTruthy();
  });
});
