import type { RouterOutputs } from '@server/routers/_app';
import type { ElectionStatus, ElectionType } from '@shared/elections';
import { isHopPosition } from '@shared/hop-positions';
import { createElectionInput, ELECTION_DEFAULTS, updateElectionInput } from '@shared/schemas/admin-elections';
import type { CountingMode } from '@shared/verifiable';
import type { EligibilityRule } from '@shared/voter-roll';
import { zodValidate } from '../../../lib/zod-form';
import { fromEatInput, toEatInput } from './eat-time';

export type AdminElection = RouterOutputs['admin']['elections']['list'][number];

export interface BallotRow {
  /** Stable React key: rows can be removed from the middle. */
  key: string;
  name: string;
  party: string;
  partySo: string;
  positionSought: string;
  positionSoughtSo: string;
}

export interface ElectionFormValues {
  /** The English and the Somali of each text (docs/decisions/021-bilingual-content.md). */
  title: string;
  titleSo: string;
  description: string;
  descriptionSo: string;
  electionType: ElectionType;
  startTime: string;
  endTime: string;
  status: ElectionStatus;
  resultsVisible: boolean;
  hideResultsUntilClose: boolean;
  /** Counted as today, or verifiably (docs/election-record.md#verifiable-elections): chosen with the draft, fixed once it opens. */
  counting: CountingMode;
  /** Who can vote, and for enrolled voters the regions (empty: every region). */
  eligibility: EligibilityRule;
  eligibleRegions: string[];
  candidates: BallotRow[];
}

export const emptyBallotRow = (): BallotRow => ({
  key: crypto.randomUUID(),
  name: '',
  party: '',
  partySo: '',
  positionSought: '',
  positionSoughtSo: '',
});

/** A new election starts as the default draft (docs/product.md#election-form), with one empty candidate row. */
export function newElectionValues(): ElectionFormValues {
  return {
    title: '',
    titleSo: '',
    description: '',
    descriptionSo: '',
    startTime: '',
    endTime: '',
    ...ELECTION_DEFAULTS,
    counting: 'standard',
    eligibleRegions: [],
    candidates: [emptyBallotRow()],
  };
}

export function editElectionValues(election: AdminElection): ElectionFormValues {
  return {
    // From each language's own text: the plain `title` is the Somali when there is no English.
    title: election.titleText.en ?? '',
    titleSo: election.titleText.so ?? '',
    description: election.descriptionText.en ?? '',
    descriptionSo: election.descriptionText.so ?? '',
    electionType: ELECTION_DEFAULTS.electionType,
    startTime: toEatInput(election.startTime),
    endTime: toEatInput(election.endTime),
    status: election.status,
    resultsVisible: election.resultsVisible,
    hideResultsUntilClose: election.hideResultsUntilClose,
    counting: election.counting,
    eligibility: election.eligibility,
    eligibleRegions: election.eligibleRegions ?? [],
    candidates: [],
  };
}

function electionFields({
  candidates: _candidates,
  startTime,
  endTime,
  eligibleRegions,
  ...values
}: ElectionFormValues) {
  return {
    ...values,
    startTime: fromEatInput(startTime),
    endTime: fromEatInput(endTime),
    // No region chosen is every region; other rules carry none.
    eligibleRegions: values.eligibility === 'enrolled' && eligibleRegions.length > 0 ? eligibleRegions : null,
  };
}

/** What admin.elections.create receives (before the shared schema parses it). */
export function toCreateInput(values: ElectionFormValues) {
  return {
    ...electionFields(values),
    candidates: values.candidates.map(({ key: _key, ...candidate }) => candidate),
  };
}

export function toUpdateInput(id: string, values: ElectionFormValues) {
  return { id, ...electionFields(values) };
}

/** The same schema as the procedure, so the form shows the server's messages before a request is made. */
export function validateElection(values: ElectionFormValues, editingId: string | null) {
  return editingId
    ? zodValidate<unknown>(updateElectionInput)(toUpdateInput(editingId, values))
    : zodValidate<unknown>(createElectionInput)(toCreateInput(values));
}

/** Switching to Lower House keeps only positions that are HOP numbers, the only choices it offers. */
export function positionsForType(rows: BallotRow[], type: ElectionType): BallotRow[] {
  if (type !== 'Lower House') return rows;
  // A HOP number is the same in both languages: the Somali position field is not shown for it.
  return rows.map((row) => ({
    ...row,
    positionSought: isHopPosition(row.positionSought) ? row.positionSought : '',
    positionSoughtSo: '',
  }));
}
