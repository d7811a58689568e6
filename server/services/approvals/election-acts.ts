import type { ElectionActSummary } from '@shared/approvals';
import { textOf } from '@shared/bilingual';
import type { ElectionStatus } from '@shared/elections';
import type { createElectionInput, updateElectionInput } from '@shared/schemas/admin-elections';
import type { CountingMode } from '@shared/verifiable';
import { count, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { candidates, elections, verifiableElections } from '../../db/schema';
import { DomainError } from '../../errors/domain-error';
import { createElection, electionNotFound, electionStateColumns, updateElection } from '../admin/elections';
import { startCredentialPreparation } from '../verifiable/preparation';
import { openVerifiable, prepareOpening, refuseIncompleteSetup } from '../verifiable/setup';
import { trusteesOf } from '../verifiable/trustees';
import type { ApprovalPrepared } from './kinds';
import { type ApprovalRow, requestApproval } from './store';

type ElectionUpdate = z.output<typeof updateElectionInput>;
type ElectionAct = 'electionOpen' | 'electionResults';

interface ResultsRule {
  status: ElectionStatus;
  resultsVisible: boolean;
  hideResultsUntilClose: boolean;
}

/** The election as it was when the edit was asked for: a confirm does the edit only on this same election. */
interface ElectionState extends ResultsRule {
  title: string;
  /** Absent from edits asked for before elections had Somali texts: such a confirm compares the rest. */
  titleSo?: string;
  description: string | null;
  descriptionSo?: string | null;
  startTime: number;
  endTime: number;
  /** Absent from edits asked for before the approval covered them: such a confirm compares the rest. */
  counting?: CountingMode;
  /** A verifiable election's trustees, in their order, by id: the keys the opening would fix. */
  trustees?: string;
  /** Who gives a verifiable election's credentials, and an outside authority's list: the voters it would fix. */
  credentials?: string;
}

/** What a waiting edit keeps: the whole edit, and the election when it was asked for. */
interface ElectionActPayload {
  update: ElectionUpdate;
  was: ElectionState;
}

/**
 * The election now, as an approval compares it (`state`): its own fields, how it is counted, by which trustees'
 * keys, and who gives its credentials (an outside authority's list by the upload that wrote it, and its count);
 * and what the approval's card shows of the same: the trustees' names and an outside authority's count.
 */
function electionNow(db: Pick<Db, 'select'>, id: string) {
  const row = db
    .select({
      ...electionStateColumns,
      counting: elections.counting,
      authority: verifiableElections.credentialAuthority,
      list: verifiableElections.credentialsList,
      count: verifiableElections.credentialsCount,
    })
    .from(elections)
    .leftJoin(verifiableElections, eq(verifiableElections.electionId, elections.id))
    .where(eq(elections.id, id))
    .get();
  if (!row) throw electionNotFound(id);
  const { authority, list, count: listed, ...election } = row;
  const trustees = trusteesOf(db, id);
  const state: ElectionState = {
    ...election,
    startTime: row.startTime.getTime(),
    endTime: row.endTime.getTime(),
    trustees: trustees.map((trustee) => trustee.id).join(','),
    credentials: authority ? `${authority}:${list ?? ''}:${listed ?? ''}` : '',
  };
  const verifiable = row.counting === 'verifiable';
  return {
    state,
    trusteeNames: verifiable ? trustees.map((trustee) => trustee.name) : [],
    outsideCredentials: verifiable && authority === 'external' ? (listed ?? 0) : undefined,
  };
}

/** Voters will see the results at some point: now (made visible), or at the end (hidden until close). */
const publishedSometime = (rule: ResultsRule) => rule.resultsVisible || rule.hideResultsUntilClose;

/**
 * Which of the acts that decide an election an edit is, or null for one done at once. Opening: the status
 * becomes Active (from a draft, or again after a close); its results rule is part of what the second admin
 * approves. Publishing results: an election past its draft whose results become visible now, or at its end
 * where they would never have been. A draft's results rule is free: it is approved when the draft opens.
 */
function actOf(was: ResultsRule, edit: ResultsRule): ElectionAct | null {
  if (edit.status === 'Active' && was.status !== 'Active') return 'electionOpen';
  if (edit.status === 'Draft') return null;
  const nowVisible = edit.resultsVisible && !was.resultsVisible;
  if (nowVisible || (publishedSometime(edit) && !publishedSometime(was))) return 'electionResults';
  return null;
}

const isVerifiable = (db: Pick<Db, 'select'>, id: string) =>
  db.select({ counting: elections.counting }).from(elections).where(eq(elections.id, id)).get()?.counting ===
  'verifiable';

/** An election opens only while it can be voted in: its end still ahead, a candidate on its ballot. */
function refuseUnopenable(db: Pick<Db, 'select'>, id: string, endTime: Date, now: Date) {
  if (endTime <= now) throw new DomainError('election.endPassed');
  const ballot = db.select({ n: count() }).from(candidates).where(eq(candidates.electionId, id)).get();
  if (!ballot?.n) throw new DomainError('election.noCandidates');
  if (isVerifiable(db, id)) refuseIncompleteSetup(db, id);
}

/**
 * admin.elections.update: opening an election or publishing its results waits for a second System Admin, and
 * the whole edit with it (nothing changes until then); any other edit is done at once.
 */
export function requestElectionUpdate(
  db: Db,
  update: ElectionUpdate,
  actorId: string,
  now = new Date(),
): { id: string } | { pendingApproval: { id: string } } {
  const current = electionNow(db, update.id);
  const was = current.state;
  const kind = actOf(was, update);
  if (!kind) return updateElection(db, update, actorId);
  // The second System Admin approves the counting the election has: a change of it is saved on its own first.
  if (update.counting !== undefined && update.counting !== was.counting)
    throw new DomainError('approval.countingSeparately');
  if (kind === 'electionOpen') refuseUnopenable(db, update.id, update.endTime, now);
  const payload: ElectionActPayload = { update, was };
  const summary: ElectionActSummary = {
    title: update.title || update.titleSo,
    titleText: textOf(update.title, update.titleSo),
    fromStatus: was.status,
    toStatus: update.status,
    startTime: update.startTime.toISOString(),
    endTime: update.endTime.toISOString(),
    resultsVisible: update.resultsVisible,
    hideResultsUntilClose: update.hideResultsUntilClose,
    counting: was.counting,
    trustees: current.trusteeNames,
    ...(current.outsideCredentials === undefined ? {} : { outsideCredentials: current.outsideCredentials }),
  };
  const asked = requestApproval(db, { kind, subject: update.id, payload, summary, requestedBy: actorId });
  // A verifiable draft's credentials are made while the request waits, so the confirm need not wait for them.
  if (kind === 'electionOpen' && isVerifiable(db, update.id)) startCredentialPreparation(db, update.id);
  return asked;
}

/**
 * admin.elections.create: an election created Active is created as a draft, and its opening waits for a
 * second System Admin like any other (both in one transaction: a refused opening leaves no draft behind).
 */
export function requestElectionCreate(
  db: Db,
  input: z.output<typeof createElectionInput>,
  actorId: string,
): { id: string } | { id: string; pendingApproval: { id: string } } {
  if (input.status !== 'Active') return createElection(db, input, actorId);
  return db.transaction(() => {
    const { id } = createElection(db, { ...input, status: 'Draft' }, actorId);
    // The ballot and who may vote were written with the draft. The opening carries the election's own fields
    // only, so a confirm does not put back an eligibility changed while it waited.
    const { candidates: _ballot, eligibility: _eligibility, eligibleRegions: _regions, ...fields } = input;
    const asked = requestElectionUpdate(db, { id, ...fields }, actorId);
    if (!('pendingApproval' in asked)) throw new Error(`opening election ${id} did not wait for approval`);
    return { id, pendingApproval: asked.pendingApproval };
  });
}

/**
 * Before an opening's confirm: a verifiable election's public credentials must be ready (refused at once while
 * the job makes them); they are brought up to date with the accounts changed since, in the workers, and the
 * setup's texts and credentials file are built, so that the opening's transaction only stores them.
 */
export async function prepareElectionAct(db: Db, request: ApprovalRow): Promise<ApprovalPrepared> {
  const { update } = JSON.parse(request.payload) as ElectionActPayload;
  if (request.kind !== 'electionOpen' || update.status !== 'Active' || !isVerifiable(db, update.id))
    return {};
  const opening = await prepareOpening(db, update.id);
  return opening ? { opening } : {};
}

/**
 * Confirmed (an opening or a publication of results): the edit is made as asked, only if the election is still as
 * it was when it was asked for (its status, results rule, title, description, times, counting, trustees and
 * credentials: what the second admin approves is what is done, never an edit made meanwhile undone), and an opening
 * only while the election can still be voted in.
 */
export function applyElectionAct(
  db: Db,
  request: ApprovalRow,
  confirmerId: string,
  prepared: ApprovalPrepared = {},
) {
  const payload = JSON.parse(request.payload) as ElectionActPayload;
  const update: ElectionUpdate = {
    ...payload.update,
    startTime: new Date(payload.update.startTime),
    endTime: new Date(payload.update.endTime),
  };
  const now = electionNow(db, update.id).state;
  const changed = (Object.keys(payload.was) as (keyof ElectionState)[]).some(
    (key) => now[key] !== payload.was[key],
  );
  // A request kept from before the rule above may still carry a change of counting: never applied unseen.
  if (changed || (update.counting !== undefined && update.counting !== now.counting))
    throw new DomainError('approval.electionChanged');
  if (request.kind === 'electionOpen') refuseUnopenable(db, update.id, update.endTime, new Date());
  updateElection(db, update, confirmerId, { requestedBy: request.requestedBy });
  // A verifiable election's setup is fixed in the same transaction as its opening (docs/election-record.md).
  if (request.kind === 'electionOpen' && update.status === 'Active' && isVerifiable(db, update.id))
    openVerifiable(db, update.id, new Date(), prepared.opening);
  return { electionId: update.id, status: update.status, resultsVisible: update.resultsVisible };
}
