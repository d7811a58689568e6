import type { Db } from '@server/db/client';

/**
 * Writes `count` citizens and one vote each in an election, spread round-robin over the candidates, with
 * two INSERT ... SELECT statements over a recursive CTE (300,000 votes take a few seconds, triggers
 * included). For volume tests and benchmarks; every vote goes through the same triggers as a real one.
 */
export function insertBulkVotes(
  db: Db,
  options: { electionId: string; candidateIds: string[]; count: number; createdAt?: Date },
): void {
  const tag = crypto.randomUUID().slice(0, 8);
  const params = {
    tag,
    count: options.count,
    electionId: options.electionId,
    candidates: JSON.stringify(options.candidateIds),
    k: options.candidateIds.length,
    at: (options.createdAt ?? new Date()).getTime(),
  };
  const numbers = 'WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < :count)';
  db.$client.transaction(() => {
    db.$client
      .prepare(
        `${numbers} INSERT INTO users (id, email, created_at)
         SELECT printf('bulk-%s-%d', :tag, i), printf('bulk.%s.%d@bulk.codka.example', :tag, i), :at FROM n`,
      )
      .run(params);
    db.$client
      .prepare(
        `${numbers} INSERT INTO votes (id, user_id, election_id, question_id, receipt_id, candidate_id, selections, created_at)
         SELECT printf('bulk-vote-%s-%d', :tag, i), printf('bulk-%s-%d', :tag, i), :electionId, :electionId,
                printf('BULK-%s-%d', :tag, i), c.id, json_object('candidate_id', c.id), :at
         FROM n JOIN (SELECT key, value AS id FROM json_each(:candidates)) AS c ON c.key = i % :k`,
      )
      .run(params);
  })();
}
