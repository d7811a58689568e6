import { createHash } from 'node:crypto';
import {
  auditLogs,
  credentialUploadRows,
  credentialUploads,
  electionCredentials,
  verifiableElections,
} from '@server/db/schema';
import { UPLOAD_IDLE_MINUTES } from '@server/services/verifiable/credential-upload-state';
import { sweepUploads } from '@server/services/verifiable/credential-upload-sweeps';
import {
  encryptBallot,
  generateCredential,
  generateTrusteeKey,
  parseElection,
  publicCredential,
  readArchive,
} from '@shared/belenios';
import {
  PUBLIC_CREDENTIALS_UPLOAD_MAX_BYTES,
  publicCredentialsPartPath,
  publicCredentialsUploadsPath,
} from '@shared/public-credentials';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, sameOrigin, type TestApp } from '../../helpers/app';
import { filesEnding, read, subDir, tool, toolDir } from '../../helpers/belenios-tool';
import { createAdmin, createUser } from '../../helpers/factories';
import { sessionCookie } from '../../helpers/security/world';
import {
  type Admins,
  beleniosUuid,
  callersAdminRoutesRefuse,
  cookieOf,
  downloadArchive,
  listening,
  openElection,
  type RefusedCaller,
  toolVerifies,
  trpc,
  twoAdmins,
  verifiableDraft,
} from '../../helpers/verifiable';

/**
 * An outside authority's public credentials file given in parts over real HTTP (server/http/
 * public-credentials-import.ts), with parts of 4 KB so that a list of a few dozen voters spans several: the list
 * applied once the last part has come opens an election that belenios-tool verifies; a part out of order, after
 * a newer upload began, too large, from someone who may not send it, or after the upload expired is refused with
 * its sentence; a list refused in a later part, or abandoned, leaves the election's list as it was and its rows
 * are removed.
 */

const PART_BYTES = 4096;
let built: TestApp;
let base: string;
let admins: Admins;
const dir = toolDir();

beforeAll(async () => {
  built = await buildTestApp({ env: { PUBLIC_CREDENTIALS_PART_BYTES: String(PART_BYTES) } });
  base = await listening(built);
  admins = await twoAdmins(built);
});
afterAll(() => built.app.close());
// Each test's uploads are its own: one left receiving by a test before would count among the live ones.
beforeEach(() => {
  built.db
    .update(credentialUploads)
    .set({ status: 'ended' })
    .where(eq(credentialUploads.status, 'receiving'))
    .run();
});

type Answer = { status: number; body: Record<string, unknown> };
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function steppedUpCookie() {
  return sessionCookie(built.db, (await createAdmin(built.db)).id, { steppedUp: true });
}

async function answerOf(response: Response): Promise<Answer> {
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function begin(
  electionId: string,
  start: { size: number; sha256: string },
  options: { cookie?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  return answerOf(
    await fetch(`${base}${publicCredentialsUploadsPath(electionId)}`, {
      method: 'POST',
      headers: {
        ...sameOrigin,
        'content-type': 'application/json',
        'accept-language': 'en',
        ...(options.cookie ? { cookie: options.cookie } : {}),
        ...options.headers,
      },
      body: JSON.stringify(start),
    }),
  );
}

async function part(
  electionId: string,
  upload: string,
  index: number,
  bytes: Uint8Array,
  options: { cookie?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  return answerOf(
    await fetch(`${base}${publicCredentialsPartPath(electionId, upload, index)}`, {
      method: 'POST',
      headers: {
        ...sameOrigin,
        'content-type': 'application/octet-stream',
        'accept-language': 'en',
        ...(options.cookie ? { cookie: options.cookie } : {}),
        ...options.headers,
      },
      // A copy in an ArrayBuffer of its own: what fetch's body takes.
      body: new Uint8Array(bytes),
    }),
  );
}

const partOf = (file: Buffer, index: number) => file.subarray(index * PART_BYTES, (index + 1) * PART_BYTES);

/** Begins an upload of `file` and answers it with how many parts it has. */
async function begun(electionId: string, file: Buffer, cookie: string) {
  const answer = await begin(electionId, { size: file.length, sha256: sha256(file) }, { cookie });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  const { upload, partBytes, parts } = answer.body as { upload: string; partBytes: number; parts: number };
  expect(partBytes).toBe(PART_BYTES);
  expect(parts).toBe(Math.ceil(file.length / PART_BYTES));
  return { upload, parts };
}

/** Sends every part of `file` in order as the admin console does; answers the last part's answer. */
async function sendInParts(electionId: string, file: Buffer, cookie: string): Promise<Answer> {
  const { upload, parts } = await begun(electionId, file, cookie);
  for (let index = 0; index < parts - 1; index += 1) {
    const answer = await part(electionId, upload, index, partOf(file, index), { cookie });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toEqual({ received: index + 1, parts });
  }
  return part(electionId, upload, parts - 1, partOf(file, parts - 1), { cookie });
}

/** The election's list and authority, and the audit rows: what nothing refused may change. */
function stateOf(electionId: string) {
  return {
    credentials: built.db
      .select({ credential: electionCredentials.credential })
      .from(electionCredentials)
      .where(eq(electionCredentials.electionId, electionId))
      .all()
      .map((row) => row.credential)
      .sort(),
    side: built.db
      .select({
        authority: verifiableElections.credentialAuthority,
        count: verifiableElections.credentialsCount,
      })
      .from(verifiableElections)
      .where(eq(verifiableElections.electionId, electionId))
      .get(),
    audits: built.db.select().from(auditLogs).all().length,
  };
}

const stagedRows = () => built.db.select().from(credentialUploadRows).all().length;

/** A list of `count` public credentials as a file, and their decimal forms. */
function listFile(uuid: string, count: number) {
  const publics = Array.from({ length: count }, () => publicCredential(uuid, generateCredential()));
  return { publics, file: Buffer.from(JSON.stringify(publics, null, 1)) };
}

/** A draft with one list already applied (sent whole): what a refused upload must leave. */
async function draftWithList(title: string) {
  const { id } = await verifiableDraft(admins, title);
  const uuid = beleniosUuid(built, id);
  const cookie = await steppedUpCookie();
  const first = listFile(uuid, 3);
  expect((await sendInParts(id, first.file, cookie)).body).toEqual({ count: 3 });
  return { id, uuid, cookie, before: stateOf(id) };
}

describe('an outside authority’s file in parts', { timeout: 180_000 }, () => {
  it('applies belenios-tool’s file sent in parts once its last part has come; the election it opens passes `election verify`', async () => {
    const { id, opening } = await verifiableDraft(admins, 'National roll, in parts');
    const uuid = beleniosUuid(built, id);
    for (const name of ['One', 'Two'])
      await admins.first.admin.elections.trustees.add({
        electionId: id,
        name,
        publicKey: generateTrusteeKey().publicKey,
      });
    const credsDir = subDir(dir, 'creds');
    tool(credsDir, [
      'setup',
      'generate-credentials',
      '--uuid',
      uuid,
      '--group',
      'BELENIOS-2048',
      '--count',
      '20',
    ]);
    const [pubFile] = filesEnding(credsDir, '.pubcreds');
    const [privFile] = filesEnding(credsDir, '.privcreds');
    if (!pubFile || !privFile) throw new Error('generate-credentials wrote no credentials');
    const file = Buffer.from(read(pubFile));
    const cookie = await steppedUpCookie();

    const { upload, parts } = await begun(id, file, cookie);
    expect(parts).toBeGreaterThanOrEqual(3);
    for (let index = 0; index < parts - 1; index += 1) {
      const answer = await part(id, upload, index, partOf(file, index), { cookie });
      expect(answer.body).toEqual({ received: index + 1, parts });
      // Nothing of the file is the election's before its last part.
      expect(stateOf(id).credentials).toEqual([]);
    }
    const last = await part(id, upload, parts - 1, partOf(file, parts - 1), { cookie });
    expect(last.status, JSON.stringify(last.body)).toBe(200);
    expect(last.body).toEqual({ count: 20 });
    expect(stateOf(id).side).toEqual({ authority: 'external', count: 20 });
    const audit = built.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.tableName, 'verifiable_elections'), eq(auditLogs.recordId, id)))
      .all()
      .at(-1);
    expect(JSON.parse(audit?.newValues ?? '{}')).toMatchObject({
      publicCredentials: 20,
      fileBytes: file.length,
      fileSha256: sha256(file),
    });
    // The upload's own rows go once its list is the election's.
    await sweepUploads(built.db);
    expect(stagedRows()).toBe(0);

    await openElection(admins, opening);
    const privates = read(privFile)
      .trim()
      .split('\n')
      .map((line) => line.split(' ')[1] ?? '');
    const voter = await createUser(built.db);
    const setup = await downloadArchive(base, id, dir, uuid);
    const election = parseElection(readArchive(setup.bytes).setup.election);
    const ballot = encryptBallot(election, privates[13] as string, [[0, 1, 0]]);
    const cast = await trpc(
      base,
      'votes.castBallot',
      { electionId: id, ballot: ballot.ballot },
      {
        cookie: cookieOf(built, voter),
      },
    );
    expect(cast.status, JSON.stringify(cast.error)).toBe(200);
    await downloadArchive(base, id, dir, uuid);
    toolVerifies(dir);
  });

  it('refuses a part out of order (409), in both languages; the parts in order then go through', async () => {
    const { id, uuid, cookie, before } = await draftWithList('Out of order');
    const { file, publics } = listFile(uuid, 12);
    const { upload, parts } = await begun(id, file, cookie);
    for (const [language, sentence] of [
      ['en', `The parts of the file must be sent in order: part 1 of ${parts} is the one expected now.`],
      ['so', `Qaybaha faylka waa in loo diraa si isku xigta: qaybta 1 ee ${parts} ayaa hadda la sugayaa.`],
    ] as const) {
      const answer = await part(id, upload, 1, partOf(file, 1), {
        cookie,
        headers: { 'accept-language': language },
      });
      expect(answer.status).toBe(409);
      expect(answer.body.error).toMatchObject({
        errorCode: 'verifiable.credentialsPartOutOfOrder',
        message: sentence,
      });
    }
    expect((await part(id, upload, 0, partOf(file, 0), { cookie })).status).toBe(200);
    // A part sent twice is out of order too.
    const again = await part(id, upload, 0, partOf(file, 0), { cookie });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ params: { expected: 2, parts } });
    expect(stateOf(id)).toEqual(before);
    for (let index = 1; index < parts; index += 1) {
      const answer = await part(id, upload, index, partOf(file, index), { cookie });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    }
    expect(stateOf(id).credentials).toEqual([...publics].sort());
    expect(stateOf(id).side?.count).toBe(publics.length);
  });

  it('takes one copy of a part sent 50 times at once, and applies the list once when its last part is', async () => {
    const { id, uuid, cookie } = await draftWithList('Fifty at once');
    const { file, publics } = listFile(uuid, 12);
    const { upload, parts } = await begun(id, file, cookie);
    const audits = stateOf(id).audits;
    for (let index = 0; index < parts; index += 1) {
      const answers = await Promise.all(
        Array.from({ length: 50 }, () => part(id, upload, index, partOf(file, index), { cookie })),
      );
      const statuses = answers.map((answer) => answer.status);
      expect(
        statuses.filter((status) => status === 200),
        `part ${index + 1}`,
      ).toHaveLength(1);
      expect(statuses.filter((status) => status !== 200 && status !== 409)).toEqual([]);
    }
    expect(stateOf(id).credentials).toEqual([...publics].sort());
    expect(stateOf(id).side?.count).toBe(publics.length);
    // One audit row for the one list applied.
    expect(stateOf(id).audits).toBe(audits + 1);
  });

  it('answers 409 to a part of an upload a newer one superseded; the newer list is the one applied', async () => {
    const { id, uuid, cookie, before } = await draftWithList('Superseded');
    const older = listFile(uuid, 12);
    const newer = listFile(uuid, 9);
    const first = await begun(id, older.file, cookie);
    expect((await part(id, first.upload, 0, partOf(older.file, 0), { cookie })).status).toBe(200);
    const second = await begun(id, newer.file, cookie);
    for (const [language, sentence] of [
      ['en', 'The upload was interrupted. Please send the file again.'],
      ['so', "Soo diristii faylka way go'day. Fadlan mar kale dir faylka."],
    ] as const) {
      const answer = await part(id, first.upload, 1, partOf(older.file, 1), {
        cookie,
        headers: { 'accept-language': language },
      });
      expect(answer.status).toBe(409);
      expect(answer.body.error).toMatchObject({
        errorCode: 'verifiable.credentialsInterrupted',
        message: sentence,
      });
    }
    expect(stateOf(id)).toEqual(before);
    for (let index = 0; index < second.parts; index += 1) {
      const answer = await part(id, second.upload, index, partOf(newer.file, index), { cookie });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    }
    expect(stateOf(id).credentials).toEqual([...newer.publics].sort());
    expect(stateOf(id).side?.count).toBe(9);
    await sweepUploads(built.db);
    expect(stagedRows()).toBe(0);
  });

  it('ends an abandoned upload: its next part is refused (409), nothing was applied, its rows are removed', async () => {
    const { id, uuid, cookie, before } = await draftWithList('Abandoned');
    const { file } = listFile(uuid, 12);
    const { upload } = await begun(id, file, cookie);
    expect((await part(id, upload, 0, partOf(file, 0), { cookie })).status).toBe(200);
    expect(stagedRows()).toBeGreaterThan(0);
    // The admin closed the page: the next part never came within the idle time.
    built.db
      .update(credentialUploads)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(credentialUploads.id, upload))
      .run();
    const answer = await part(id, upload, 1, partOf(file, 1), {
      cookie,
      headers: { 'accept-language': 'so' },
    });
    expect(answer.status).toBe(409);
    expect(answer.body.error).toMatchObject({
      errorCode: 'verifiable.credentialsUploadExpired',
      params: { minutes: UPLOAD_IDLE_MINUTES },
      message: `Soo diristan waxay qaybteeda xigta sugtay in ka badan ${UPLOAD_IDLE_MINUTES} daqiiqo, waana laga tegay. Waxba lama beddelin; fadlan mar kale dir faylka.`,
    });
    await sweepUploads(built.db);
    expect(stagedRows()).toBe(0);
    expect(
      built.db.select().from(credentialUploads).where(eq(credentialUploads.id, upload)).get(),
    ).toBeUndefined();
    expect(stateOf(id)).toEqual(before);
  });

  it('refuses a part over the part size (413) or of another length (400) before reading it, and a file over 1 GB when it begins (413)', async () => {
    const { id, uuid, cookie, before } = await draftWithList('Oversized');
    const { file } = listFile(uuid, 12);
    const { upload, parts } = await begun(id, file, cookie);
    const tooLarge = await part(id, upload, 0, Buffer.concat([partOf(file, 0), Buffer.from(' ')]), {
      cookie,
    });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.error).toMatchObject({
      errorCode: 'verifiable.credentialsPartTooLarge',
      params: { max: PART_BYTES },
      message: `This part of the file is too large: a part can be at most ${PART_BYTES} bytes.`,
    });
    const short = await part(id, upload, 0, partOf(file, 0).subarray(1), { cookie });
    expect(short.status).toBe(400);
    expect(short.body.error).toMatchObject({ errorCode: 'verifiable.credentialsPartLength' });
    // Neither was taken in: the upload goes on from its first part.
    for (let index = 0; index < parts; index += 1)
      expect((await part(id, upload, index, partOf(file, index), { cookie })).status).toBe(200);
    expect(stateOf(id).side?.count).toBe(12);

    const other = await draftWithList('Over a gigabyte');
    const huge = await begin(
      other.id,
      { size: PUBLIC_CREDENTIALS_UPLOAD_MAX_BYTES + 1, sha256: '0'.repeat(64) },
      { cookie, headers: { 'accept-language': 'so' } },
    );
    expect(huge.status).toBe(413);
    expect(huge.body.error).toMatchObject({
      errorCode: 'verifiable.credentialsTooLarge',
      params: { max: 1024 },
      message: 'Faylku aad buu u weyn yahay: faylka aqoonsiyada guud wuxuu noqon karaa ugu badnaan 1024 MB.',
    });
    for (const start of [{ size: 10 }, { size: -1, sha256: '0'.repeat(64) }, { size: 10, sha256: 'xyz' }]) {
      const refused = await begin(other.id, start as never, { cookie });
      expect(refused.status).toBe(400);
      expect(refused.body.error).toMatchObject({ errorCode: 'verifiable.credentialsUploadStart' });
    }
    expect(stateOf(other.id)).toEqual(other.before);
    expect(before.side?.count).toBe(3);
  });

  it.each([
    ['a credential that is not one', (publics: string[]) => [...publics, `9${'9'.repeat(620)}`]],
    ['a word', (publics: string[]) => [...publics, 'hello']],
    ['a credential given twice, parts apart', (publics: string[]) => [...publics, publics[0] ?? '']],
    ['a weight other than 1', (publics: string[]) => [...publics.slice(0, -1), `${publics.at(-1)},3`]],
  ])(
    'refuses %s in the last part (400): nothing of the file is applied, its rows are removed',
    async (_what, make) => {
      const { id, uuid, cookie, before } = await draftWithList('Invalid later');
      const publics = listFile(uuid, 20).publics;
      const file = Buffer.from(JSON.stringify(make(publics), null, 1));
      const { upload, parts } = await begun(id, file, cookie);
      const last = await sendInParts(id, file, cookie).catch(() => null);
      expect(last?.status).toBe(400);
      expect(last?.body.error).toMatchObject({
        errorCode: 'verifiable.credentialsInvalid',
        message: expect.stringMatching(/^This list of public credentials is not valid: each entry must be/),
      });
      expect(parts).toBeGreaterThan(2);
      expect(stateOf(id)).toEqual(before);
      // The first upload was superseded by the one sent; neither goes on.
      expect((await part(id, upload, 0, partOf(file, 0), { cookie })).status).toBe(409);
      await sweepUploads(built.db);
      expect(stagedRows()).toBe(0);
    },
  );

  it('refuses a file whose parts do not make the SHA-256 declared, or that ends before its list does (400)', async () => {
    const { id, uuid, cookie, before } = await draftWithList('Wrong hash');
    const { file } = listFile(uuid, 12);
    const answer = await begin(
      id,
      { size: file.length, sha256: sha256(Buffer.from('another file')) },
      { cookie },
    );
    const { upload, parts } = answer.body as { upload: string; parts: number };
    let last: Answer | undefined;
    for (let index = 0; index < parts; index += 1)
      last = await part(id, upload, index, partOf(file, index), { cookie });
    expect(last?.status).toBe(400);
    expect(last?.body.error).toMatchObject({
      errorCode: 'verifiable.credentialsChecksum',
      message:
        'The file that arrived is not the one chosen: its SHA-256 differs. Nothing was changed; please send the file again.',
    });
    const cut = file.subarray(0, file.length - 2);
    const cutAnswer = await sendInParts(id, cut, cookie);
    expect(cutAnswer.status).toBe(400);
    expect(cutAnswer.body.error).toMatchObject({ errorCode: 'verifiable.credentialsInvalid' });
    expect(stateOf(id)).toEqual(before);
  });

  it('refuses a part to a visitor, a citizen, an admin without step-up and a cross-site page, before its body; the upload goes on', async () => {
    const { id, uuid, cookie, before } = await draftWithList('Who may send');
    const { file } = listFile(uuid, 12);
    const { upload, parts } = await begun(id, file, cookie);
    const cases: RefusedCaller[] = [
      ...(await callersAdminRoutesRefuse(built, cookie)),
      {
        who: 'a form post',
        options: { cookie, headers: { 'content-type': 'text/plain' } },
        status: 415,
        code: 'verifiable.credentialsPartNotBytes',
      },
    ];
    for (const { who, options, status, code } of cases) {
      for (const language of ['en', 'so']) {
        const headers = { ...options.headers, 'accept-language': language };
        const refused = await part(id, upload, 0, partOf(file, 0), { ...options, headers });
        const error = refused.body.error as { errorCode: string; message: string };
        expect(`${who} (${language}): ${refused.status} ${error.errorCode}`).toBe(
          `${who} (${language}): ${status} ${code}`,
        );
        expect(error.message.length).toBeGreaterThan(10);
        const started = await begin(id, { size: file.length, sha256: sha256(file) }, { ...options, headers });
        if (code !== 'verifiable.credentialsPartNotBytes') expect(started.status).toBe(status);
      }
    }
    expect(stateOf(id)).toEqual(before);
    for (let index = 0; index < parts; index += 1)
      expect((await part(id, upload, index, partOf(file, index), { cookie })).status).toBe(200);
    expect(stateOf(id).side?.count).toBe(12);
  });

  it('lets a few uploads be under way at once (429 past them), and a System Admin begin a few a hour', async () => {
    const cookie = await steppedUpCookie();
    const drafts = [];
    for (const title of ['Busy 1', 'Busy 2', 'Busy 3', 'Busy 4'])
      drafts.push((await verifiableDraft(admins, title)).id);
    const file = listFile(beleniosUuid(built, drafts[0] as string), 12).file;
    for (const draft of drafts.slice(0, 3))
      expect((await begin(draft, { size: file.length, sha256: sha256(file) }, { cookie })).status).toBe(201);
    const busy = await begin(drafts[3] as string, { size: file.length, sha256: sha256(file) }, { cookie });
    expect(busy.status).toBe(429);
    expect(busy.body.error).toMatchObject({ errorCode: 'verifiable.credentialsUploadsBusy' });
    // Beginning again for a draft already receiving ends its upload first: not one more under way.
    expect(
      (await begin(drafts[0] as string, { size: file.length, sha256: sha256(file) }, { cookie })).status,
    ).toBe(201);

    built.db
      .update(credentialUploads)
      .set({ status: 'ended' })
      .where(eq(credentialUploads.status, 'receiving'))
      .run();
    const one = await steppedUpCookie();
    const answers = [];
    for (let i = 0; i < 21; i += 1)
      answers.push(
        await begin(drafts[3] as string, { size: file.length, sha256: sha256(file) }, { cookie: one }),
      );
    expect(answers.slice(0, 20).map((a) => a.status)).toEqual(Array(20).fill(201));
    expect(answers[20]?.status).toBe(429);
    expect(answers[20]?.body.error).toMatchObject({ errorCode: 'limit.credentialUploads' });
  });
});
