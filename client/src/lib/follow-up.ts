import type { SkipToken } from '@tanstack/react-query';
import type { PageQuery } from './page-data';

/** What a query answers, from its options (tRPC's queryOptions type their queryFn). */
type AnswerOf<Query extends PageQuery> = Awaited<
  ReturnType<Exclude<Query['queryFn'], SkipToken | undefined>>
>;

/**
 * A page query whose answer decides the next ones (lib/page-data.ts): a poll's results are part of its first
 * view only when the poll says they are public. The follow-ups start as soon as the first answer is in, and the
 * first query counts as done when they are, so the server's render (which waits for the page's queries) has
 * them all and the browser, following a link, starts them without waiting for the page's code.
 */
export function withFollowUps<Query extends PageQuery>(
  query: Query,
  next: (answer: AnswerOf<Query>) => readonly PageQuery[],
): Query {
  const ask = query.queryFn;
  if (typeof ask !== 'function') return query;
  return {
    ...query,
    queryFn: async (context: Parameters<typeof ask>[0]) => {
      const answer = await ask(context);
      await Promise.all(next(answer).map((followUp) => context.client.prefetchQuery(followUp)));
      return answer;
    },
  };
}
