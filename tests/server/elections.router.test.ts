import { elections } from '@server/db/schema';
import { describe, expect, it } from 'vitest';
import { type Actor, callerAs, createTestDeps } from '../helpers/caller';

const DAY = 24 * 60 * 60 * 1000;

function addElection(
  deps: ReturnType<typeof createTestDeps>,
  title: string,
  status: (typeof elections.$inferInsert)['status'],
  startDays: number,
  endDays: number,
) {
  const now = Date.now();
  deps.db
    .insert(elections)
    .values({
      title,
      status,
      description: `${title} description`,
      startTime: new Date(now + startDays * DAY),
      endTime: new Date(now + endDays * DAY),
      resultsVisible: true,
    })
    .run();
}

describe('elections.active', () => {
  it.each<Actor>(['visitor', 'user', 'admin'])('is open to a %s', async (actor) => {
    const deps = createTestDeps();
    addElection(deps, 'Regional Assembly', 'Active', -1, 3);
    const { caller } = await callerAs(deps, actor);
    expect((await caller.elections.active()).map((e) => e.title)).toEqual(['Regional Assembly']);
  });

  it('lists only Active elections that have not ended, the earliest started first', async () => {
    const deps = createTestDeps();
    addElection(deps, 'Later start', 'Active', -1, 5);
    addElection(deps, 'Earlier start', 'Active', -4, 2);
    addElection(deps, 'Ended yesterday', 'Active', -9, -1);
    addElection(deps, 'Draft', 'Draft', -1, 5);
    addElection(deps, 'Closed', 'Closed', -9, 5);
    addElection(deps, 'Archived', 'Archived', -9, 5);
    const { caller } = await callerAs(deps, 'visitor');
    const active = await caller.elections.active();
    expect(active.map((e) => e.title)).toEqual(['Earlier start', 'Later start']);
    expect(Object.keys(active[0] ?? {}).sort()).toEqual(
      [
        'description',
        'descriptionText',
        'eligibility',
        'eligibleRegions',
        'endTime',
        'id',
        'startTime',
        'status',
        'title',
        'titleText',
      ].sort(),
    );
    expect(active[0]?.endTime).toBeInstanceOf(Date);
  });

  it('answers an empty list when no election is active', async () => {
    const { caller } = await callerAs(createTestDeps(), 'user');
    expect(await caller.elections.active()).toEqual([]);
  });
});
