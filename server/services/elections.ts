import { and, asc, eq, gte } from 'drizzle-orm';
import type { Db } from '../db/client';
import { elections } from '../db/schema';
import { withTexts } from './bilingual';
import { publicRequirement } from './eligibility';

/** What lists of elections show: no author, no result-visibility settings; who may vote. */
const electionSummary = {
  id: elections.id,
  title: elections.title,
  titleSo: elections.titleSo,
  description: elections.description,
  descriptionSo: elections.descriptionSo,
  startTime: elections.startTime,
  endTime: elections.endTime,
  status: elections.status,
  eligibility: elections.eligibility,
  eligibleRegions: elections.eligibleRegions,
};

/** Elections open for voting now: status Active and not yet ended, the soonest started first. */
export function activeElections(db: Db, now = new Date()) {
  return db
    .select(electionSummary)
    .from(elections)
    .where(and(eq(elections.status, 'Active'), gte(elections.endTime, now)))
    .orderBy(asc(elections.startTime), asc(elections.id))
    .all()
    .map((election) => ({
      ...withTexts(election, ['title', 'description']),
      ...publicRequirement(election),
    }));
}
