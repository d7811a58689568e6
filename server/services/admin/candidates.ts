import type { candidateInput, candidateUpdateInput } from '@shared/schemas/admin';
import { asc, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { candidates, elections, votes } from '../../db/schema';
import { DomainError } from '../../errors/domain-error';
import { recordAudit, recordBefore } from '../audit';
import { withTexts } from '../bilingual';
import { refuseFixedBallot } from '../verifiable/election';

const notFound = (id: string) => new DomainError('candidate.notFound', { id });

/** Every candidate with its election's title and status, newest election first (docs/product.md#admin-elections). */
export function listAllCandidates(db: Db) {
  return db
    .select({
      id: candidates.id,
      electionId: candidates.electionId,
      name: candidates.name,
      party: candidates.party,
      partySo: candidates.partySo,
      positionSought: candidates.positionSought,
      positionSoughtSo: candidates.positionSoughtSo,
      bio: candidates.bio,
      bioSo: candidates.bioSo,
      imageUrl: candidates.imageUrl,
      imageAlt: candidates.imageAlt,
      imageAltSo: candidates.imageAltSo,
      orderIndex: candidates.orderIndex,
      electionTitle: elections.title,
      electionTitleSo: elections.titleSo,
      electionStatus: elections.status,
    })
    .from(candidates)
    .innerJoin(elections, eq(elections.id, candidates.electionId))
    .orderBy(desc(elections.startTime), asc(candidates.orderIndex))
    .all()
    .map((candidate) =>
      withTexts(candidate, ['party', 'positionSought', 'bio', 'imageAlt', 'electionTitle']),
    );
}

/** The elections a new candidate can join, newest first (the create form's election chooser). */
export function listElectionChoices(db: Db) {
  return db
    .select({
      id: elections.id,
      title: elections.title,
      titleSo: elections.titleSo,
      status: elections.status,
    })
    .from(elections)
    .orderBy(desc(elections.startTime))
    .all()
    .map((election) => withTexts(election, ['title']));
}

/** order_index is the election's current maximum plus one (docs/product.md#election-form). */
export function createCandidate(db: Db, input: z.output<typeof candidateInput>, actorId: string) {
  return db.transaction((tx) => {
    if (!tx.select({ id: elections.id }).from(elections).where(eq(elections.id, input.electionId)).get()) {
      throw new DomainError('election.chosenMissing');
    }
    refuseFixedBallot(tx, input.electionId);
    const next = tx
      .select({ max: sql<number>`coalesce(max(${candidates.orderIndex}), 0)` })
      .from(candidates)
      .where(eq(candidates.electionId, input.electionId))
      .get();
    const row = tx
      .insert(candidates)
      .values({ ...input, orderIndex: (next?.max ?? 0) + 1 })
      .returning({ id: candidates.id, orderIndex: candidates.orderIndex })
      .get();
    recordAudit(tx, {
      action: 'create',
      tableName: 'candidates',
      recordId: row.id,
      newValues: input,
      actorId,
    });
    return row;
  });
}

export function updateCandidate(db: Db, input: z.output<typeof candidateUpdateInput>, actorId: string) {
  const { id, ...values } = input;
  return db.transaction((tx) => {
    const before = recordBefore(tx, candidates, id);
    if (before && values.name !== undefined && values.name !== before.name) {
      refuseFixedBallot(tx, String(before.electionId));
    }
    const row = tx
      .update(candidates)
      .set(values)
      .where(eq(candidates.id, id))
      .returning({ id: candidates.id })
      .get();
    if (!row) throw notFound(id);
    recordAudit(tx, {
      action: 'update',
      tableName: 'candidates',
      recordId: id,
      newValues: values,
      before,
      actorId,
    });
    return row;
  });
}

/** A candidate who has received votes stays: deleting them would silently erase those votes. */
export function deleteCandidate(db: Db, id: string, actorId: string) {
  return db.transaction((tx) => {
    const voted = tx.select({ id: votes.id }).from(votes).where(eq(votes.candidateId, id)).limit(1).get();
    if (voted) {
      throw new DomainError('candidate.hasVotes');
    }
    const before = recordBefore(tx, candidates, id);
    if (before) refuseFixedBallot(tx, String(before.electionId));
    const row = tx.delete(candidates).where(eq(candidates.id, id)).returning({ name: candidates.name }).get();
    if (!row) throw notFound(id);
    recordAudit(tx, {
      action: 'delete',
      tableName: 'candidates',
      recordId: id,
      newValues: { name: row.name },
      before,
      actorId,
    });
    return { id };
  });
}
