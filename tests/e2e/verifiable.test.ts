import { closeDb, createDb } from '@server/db/client';
import { readKeyFile } from '@server/db/key-file';
import { attachKeys } from '@server/db/keys';
import { elections, verifiableElections } from '@server/db/schema';
import { defaultKeysFile } from '@server/env';
import { openVerifiable } from '@server/services/verifiable/setup';
import { closeVerifiable } from '@server/services/verifiable/tally';
import {
  generateCredential,
  generateTrusteeKey,
  parseTrusteePublicKey,
  publicCredential,
} from '@shared/belenios';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { verifiableElection } from '../helpers/verifiable-factories';
import { signInThroughApi, stepUpThroughApi } from './helpers/auth';
import { axeViolations, horizontalOverflow } from './helpers/axe';
import { visit } from './helpers/browser';
import { DEMO_ADMIN } from './helpers/demo-accounts';
import { createCitizen } from './helpers/factories';
import { setupE2E } from './helpers/suite';

const { openPage, origin, databasePath } = setupE2E();

/**
 * A verifiable election opened in the running server's database (its key file attached, as the server does),
 * for every account that exists then: the citizen is made first.
 */
async function withServerDb<T>(work: (db: ReturnType<typeof createDb>) => Promise<T>): Promise<T> {
  const path = databasePath();
  const db = createDb(path);
  try {
    attachKeys(db, readKeyFile(defaultKeysFile(path)));
    return await work(db);
  } finally {
    closeDb(db);
  }
}

const openVerifiableElection = () => withServerDb((db) => verifiableElection(db, { candidateCount: 2 }));

const HOUR = 3_600_000;

/** Ends a verifiable election (its results visible to voters) and computes its encrypted tally. */
const closeElection = (electionId: string) =>
  withServerDb(async (db) => {
    db.update(elections)
      .set({
        status: 'Closed',
        resultsVisible: true,
        hideResultsUntilClose: false,
        startTime: new Date(Date.now() - 2 * HOUR),
        endTime: new Date(Date.now() - HOUR),
      })
      .where(eq(elections.id, electionId))
      .run();
    expect(await closeVerifiable(db, electionId)).toBe(true);
  });

const TEXTS = {
  en: {
    encrypt: 'Encrypt my choice',
    audit: 'Audit',
    cast: 'Cast',
    audited: 'Audited ballot (discarded)',
    opensTo: 'It opens to: Candidate 1.',
    receipt: "Your ballot's tracker",
    find: 'Find it in the archive',
    found: 'This tracker is in the archive',
    mark: 'Verifiable',
  },
  so: {
    encrypt: 'Qari doorashadayda',
    audit: 'Hubi',
    cast: 'Dir',
    audited: 'Warqad la hubiyay (waa la tuuray)',
    opensTo: 'Waxay u furantaa: Candidate 1.',
    receipt: 'Lambarka raadraaca warqaddaada',
    find: 'Ka raadi kaydka',
    found: 'Lambarkan wuxuu ku jiraa kaydka',
    mark: 'La hubin karo',
  },
} as const;

describe('a verifiable election in the browser', () => {
  for (const language of ['en', 'so'] as const) {
    it(`encrypts, audits one ballot, casts and finds the tracker in the archive (${language}, 360 px)`, async () => {
      const words = TEXTS[language];
      const citizen = await createCitizen(origin(), { label: `verifiable-${language}` });
      const { electionId } = await openVerifiableElection();
      const { page } = await openPage('phone', { language });
      // Every address the ballot page asks for: the election's Belenios text, never the archive of every ballot.
      const asked: string[] = [];
      page.on('request', (request) => asked.push(request.url()));
      await signInThroughApi(page, citizen);
      await visit(page, `/vote/${electionId}`);

      await page.getByRole('radio', { name: /Candidate 1/ }).click();
      const encrypt = page.getByRole('button', { name: words.encrypt });
      await expect.poll(() => encrypt.isDisabled(), { timeout: 15_000 }).toBe(false);
      await encrypt.click();
      const audit = page.getByRole('button', { name: words.audit, exact: true });
      await audit.waitFor({ timeout: 30_000 });
      const first = (await page.locator('form code').first().textContent())?.trim() ?? '';
      expect(first.length).toBeGreaterThan(20);

      // Audit: the ballot is opened with its randomness, discarded, and a new one made for the same choice.
      await audit.click();
      const audited = page.getByRole('region', { name: words.audited });
      await audited.waitFor({ timeout: 30_000 });
      await audited.getByText(words.opensTo).waitFor();
      await audited.getByText(first).waitFor();
      await page.getByRole('button', { name: words.cast, exact: true }).waitFor({ timeout: 30_000 });
      expect(await axeViolations(page)).toEqual([]);
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      const second = (await page.getByRole('button', { name: words.cast, exact: true }).isEnabled())
        ? ((await page.locator('form code').last().textContent())?.trim() ?? '')
        : '';
      await page.getByRole('button', { name: words.cast, exact: true }).click();

      await page.getByRole('heading', { name: words.receipt }).waitFor({ timeout: 30_000 });
      const tracker = (await page.getByTestId('ballot-tracker').textContent())?.trim() ?? '';
      expect(tracker).not.toBe(first);
      expect(tracker).toBe(second);
      expect(asked.filter((url) => url.includes('archive.bel'))).toEqual([]);
      expect(asked.some((url) => url.includes('elections.beleniosElection'))).toBe(true);

      // A later visit shows the same receipt: the election's answer carries the voter's tracker.
      await visit(page, `/vote/${electionId}`);
      await page.getByRole('heading', { name: words.receipt }).waitFor({ timeout: 30_000 });
      expect((await page.getByTestId('ballot-tracker').textContent())?.trim()).toBe(tracker);
      expect(await page.getByRole('button', { name: words.encrypt }).count()).toBe(0);
      expect(asked.filter((url) => url.includes('archive.bel'))).toEqual([]);

      // The cast ballot is in the public archive; the audited one never is.
      await page.getByRole('link', { name: words.find }).click();
      await page.waitForURL(/\/verify\?/);
      const answer = page.getByTestId('tracker-answer');
      await answer.waitFor({ timeout: 30_000 });
      expect(await answer.textContent()).toContain(words.found);
      expect(await axeViolations(page)).toEqual([]);
      const archive = await page.evaluate(
        async (id) => (await fetch(`/api/v1/elections/${id}/archive.bel`)).status,
        electionId,
      );
      expect(archive).toBe(200);
    });
  }
});

describe('an outside credential authority', () => {
  it('takes its file in the admin console, sent in parts with its progress, then the credential the voter typed', async () => {
    const citizen = await createCitizen(origin(), { label: 'verifiable-outside' });
    const credential = generateCredential();
    const { electionId, title, file } = await withServerDb(async (db) => {
      const { electionId } = await verifiableElection(db, { open: false, candidateCount: 2 });
      const side = db
        .select({ uuid: verifiableElections.uuid, title: elections.title })
        .from(verifiableElections)
        .innerJoin(elections, eq(elections.id, verifiableElections.electionId))
        .where(eq(verifiableElections.electionId, electionId))
        .get();
      if (!side) throw new Error('no verifiable side');
      // Twenty voters' public credentials (12 KB): four parts of the server's 4 KB.
      const others = Array.from({ length: 19 }, () => generateCredential());
      const file = JSON.stringify([credential, ...others].map((c) => publicCredential(side.uuid, c)));
      return { electionId, title: side.title, file };
    });

    // A System Admin gives the authority's .pubcreds file in the election's form.
    const admin = (await openPage('desktop')).page;
    const posted: string[] = [];
    admin.on('request', (request) => {
      if (request.method() === 'POST') posted.push(new URL(request.url()).pathname);
    });
    await signInThroughApi(admin, DEMO_ADMIN);
    await stepUpThroughApi(admin, DEMO_ADMIN.password);
    await visit(admin, '/admin/elections');
    await admin.getByRole('button', { name: `Edit ${title}` }).click();
    const panel = admin.getByRole('form', { name: 'Outside credential authority (optional)' });
    await panel.locator('input[type="file"]').setInputFiles({
      name: 'election.pubcreds',
      mimeType: 'application/octet-stream',
      buffer: Buffer.from(file),
    });
    await panel.getByRole('button', { name: 'Use these public credentials' }).click();
    await panel.getByRole('status').filter({ hasText: 'public credentials are kept' }).waitFor();
    await panel.getByText('Sending the file: part 4 of 4 sent').waitFor();
    // Begun with its size and hash, then its four parts in order, each one request.
    const uploads = `/api/admin/elections/${electionId}/public-credentials/uploads`;
    const sent = posted.filter((path) => path.startsWith(uploads));
    const upload = sent[1]?.split('/')[7];
    expect(sent).toEqual([uploads, ...[0, 1, 2, 3].map((i) => `${uploads}/${upload}/parts/${i}`)]);

    await withServerDb(async (db) => {
      db.transaction(() => {
        db.update(elections).set({ status: 'Active' }).where(eq(elections.id, electionId)).run();
        openVerifiable(db, electionId, new Date());
      });
    });
    const { page } = await openPage('phone');
    // The election's answer says the credentials come from outside: the page never asks Codka for one.
    const asked: string[] = [];
    page.on('request', (request) => asked.push(request.url()));
    await signInThroughApi(page, citizen);
    await visit(page, `/vote/${electionId}`);
    await page.getByRole('radio', { name: /Candidate 1/ }).click();
    await page.getByLabel('Your voting credential').fill(credential);
    await page.getByRole('button', { name: 'Encrypt my choice' }).click();
    await page.getByRole('button', { name: 'Cast', exact: true }).click({ timeout: 30_000 });
    await page.getByTestId('ballot-tracker').waitFor({ timeout: 30_000 });
    // Axe once the cast's toast (its code loads with it) has shown and closed by itself: its grey text is the
    // notifications' own, not this screen's.
    const toast = page.getByText('Your encrypted ballot is in the ballot box.');
    await toast.waitFor({ timeout: 20_000 });
    await toast.waitFor({ state: 'detached', timeout: 20_000 });
    expect(await axeViolations(page)).toEqual([]);
    expect(asked.filter((url) => url.includes('votes.credential') || url.includes('archive.bel'))).toEqual(
      [],
    );
  });
});

describe('the trustee page', () => {
  for (const language of ['en', 'so'] as const) {
    it(`makes a key pair in the browser whose public key Codka accepts (${language}, 360 px)`, async () => {
      const { page } = await openPage('phone', { language });
      await visit(page, '/trustee');
      const make = language === 'en' ? 'Make my key pair' : 'Samee labadayda fure';
      const download =
        language === 'en' ? 'Download the private key file' : 'Soo deji faylka furaha sirta ah';
      await page.getByRole('button', { name: make }).click();
      const publicKey = page.getByTestId('trustee-public-key');
      await publicKey.waitFor({ timeout: 30_000 });
      // The public key with a proof that checks, as admin.elections.trustees.add will check it.
      parseTrusteePublicKey((await publicKey.textContent()) ?? '');
      const downloaded = page.waitForEvent('download');
      await page.getByRole('button', { name: download }).click();
      expect((await downloaded).suggestedFilename()).toBe('codka-trustee-private-key.txt');
      expect(await axeViolations(page)).toEqual([]);
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    });
  }

  for (const [language, words] of [
    [
      'en',
      {
        token: 'Your trustee token',
        decrypt: 'Decrypt and send my share',
        waiting: 'The votes are not counted yet: come back once the election has closed.',
        election: 'Election:',
        matches: 'Your private key matches the public key this election holds for you.',
        mismatch: /^This private key does not match the public key this election holds for you\./,
      },
    ],
    [
      'so',
      {
        token: 'Calaamaddaada wakiilnimo',
        decrypt: 'Fur oo dir qaybtayda',
        waiting: 'Codadka weli lama tirin: soo noqo marka doorashadu xirmato.',
        election: 'Doorashada:',
        matches: 'Furahaaga sirta ah wuxuu la mid yahay furaha guud ee doorashadani kuu hayso.',
        mismatch: /^Furahan sirta ah lama mid aha furaha guud ee doorashadani kuu hayso\./,
      },
    ],
  ] as const) {
    // English at 1280 px, Somali (the longer texts) at 360 px.
    const width = language === 'en' ? 'desktop' : 'phone';
    it(`tells a trustee who comes before the tally to come back, naming the election (${language}, ${width})`, async () => {
      const { trustees } = await openVerifiableElection();
      const { page } = await openPage(width, { language });
      await visit(page, '/trustee');
      await page.getByLabel(words.token).fill(trustees[0]?.token ?? '');
      await page.locator('input[type=file]').setInputFiles({
        name: 'codka-trustee-private-key.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from(JSON.stringify(trustees[0]?.privateKey.toString())),
      });
      await page.getByRole('button', { name: words.decrypt }).click();
      await page.getByText(words.waiting).waitFor({ timeout: 30_000 });
      expect(await page.getByTestId('trustee-key-matches').textContent()).toBe(words.matches);
      expect(await page.getByTestId('trustee-election').textContent()).toContain(words.election);
      expect(await axeViolations(page)).toEqual([]);
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

      // Another key file than the one whose public key Codka holds: said at once, before any tally.
      await page.locator('input[type=file]').setInputFiles({
        name: 'codka-trustee-private-key.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from(generateTrusteeKey().privateKey),
      });
      await page.getByRole('button', { name: words.decrypt }).click();
      await page.getByRole('alert').filter({ hasText: words.mismatch }).waitFor({ timeout: 30_000 });
      expect(await page.getByText(words.waiting).count()).toBe(0);
    });
  }

  it('decrypts each share from the key file, and the results then carry the verifiable mark', async () => {
    const citizen = await createCitizen(origin(), { label: 'verifiable-tally' });
    const { electionId, trustees } = await openVerifiableElection();
    const { page: voter } = await openPage('phone');
    await signInThroughApi(voter, citizen);
    await visit(voter, `/vote/${electionId}`);
    await voter.getByRole('radio', { name: /Candidate 2/ }).click();
    const encrypt = voter.getByRole('button', { name: 'Encrypt my choice' });
    await expect.poll(() => encrypt.isDisabled(), { timeout: 15_000 }).toBe(false);
    await encrypt.click();
    await voter.getByRole('button', { name: 'Cast', exact: true }).click({ timeout: 30_000 });
    await voter.getByTestId('ballot-tracker').waitFor({ timeout: 30_000 });
    await closeElection(electionId);

    // The admin's results page counts nothing before the trustees have decrypted: it says how many ballots wait.
    const { page: admin } = await openPage('phone');
    await signInThroughApi(admin, DEMO_ADMIN);
    await stepUpThroughApi(admin, DEMO_ADMIN.password);
    await visit(admin, `/admin/elections/${electionId}/results`);
    await admin.getByText('Waiting for the trustees').waitFor();
    await admin.getByText(/^One encrypted ballot is in the box\./).waitFor();
    expect(await admin.getByTestId('total-votes').textContent()).toBe('1');

    const { page } = await openPage('phone');
    // A trustee's share needs the election and its encrypted tally (trustees.byToken), never every ballot.
    const asked: string[] = [];
    page.on('request', (request) => asked.push(request.url()));
    for (const trustee of trustees) {
      await visit(page, '/trustee');
      await page.getByLabel('Your trustee token').fill(trustee.token);
      await page.locator('input[type=file]').setInputFiles({
        name: 'codka-trustee-private-key.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from(JSON.stringify(trustee.privateKey.toString())),
      });
      await page.getByRole('button', { name: 'Decrypt and send my share' }).click();
      await page.getByText('Your share was checked and recorded.').waitFor({ timeout: 30_000 });
      expect(await page.getByTestId('trustee-election').textContent()).toMatch(
        /^Election: .+\. Trustee: Trustee \d\.$/,
      );
    }
    expect(await axeViolations(page)).toEqual([]);
    expect(asked.filter((url) => url.includes('archive.bel'))).toEqual([]);
    expect(asked.some((url) => url.includes('trustees.byToken'))).toBe(true);

    await visit(page, `/results/${electionId}`);
    const mark = page.getByTestId('verifiable-mark');
    await mark.waitFor();
    expect(await mark.getByRole('link', { name: 'Download the archive (.bel)' }).getAttribute('href')).toBe(
      `/api/v1/elections/${electionId}/archive.bel`,
    );
    await page.getByText('Candidate 2').first().waitFor();
    expect(await axeViolations(page)).toEqual([]);

    // And the admin's page shows the decrypted result.
    await visit(admin, `/admin/elections/${electionId}/results`);
    await admin.getByRole('region', { name: 'Results' }).getByText('Candidate 2').first().waitFor();
    expect(await admin.getByText('Waiting for the trustees').count()).toBe(0);
    expect(await axeViolations(admin)).toEqual([]);
  });
});
