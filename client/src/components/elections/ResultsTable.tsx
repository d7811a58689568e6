import { ScrollArea, Table } from '@mantine/core';
import { formatPercentage } from '../../../../shared/election-rules';
import type { ResultRow } from './ResultsBar';
import { formatVotes } from './results-format';

/** Ties share a rank: a candidate's rank is one more than the number of candidates with more votes. */
function ranks(rows: ResultRow[]): number[] {
  return rows.map((row) => rows.filter((other) => other.votes > row.votes).length + 1);
}

/** The results as text: the table that every chart on the page summarises. */
export function ResultsTable({ rows, total }: { rows: ResultRow[]; total: number }) {
  const rankOf = ranks(rows);
  return (
    <ScrollArea type="auto" offsetScrollbars="present">
      <Table miw={460} striped verticalSpacing="sm" captionSide="bottom">
        <Table.Caption>Results sorted by votes, highest first. Shares are of all votes cast.</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Rank</Table.Th>
            <Table.Th scope="col">Candidate</Table.Th>
            <Table.Th scope="col">Party</Table.Th>
            <Table.Th scope="col" ta="right">
              Votes
            </Table.Th>
            <Table.Th scope="col" ta="right">
              Share
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, index) => (
            <Table.Tr key={row.candidateId}>
              <Table.Td>{rankOf[index]}</Table.Td>
              <Table.Th scope="row" fw={600}>
                {row.name}
              </Table.Th>
              <Table.Td>{row.party ?? '—'}</Table.Td>
              <Table.Td ta="right">{formatVotes(row.votes)}</Table.Td>
              <Table.Td ta="right">{formatPercentage(row.percentage)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Td />
            <Table.Th scope="row">Total</Table.Th>
            <Table.Td />
            <Table.Td ta="right" fw={700}>
              {formatVotes(total)}
            </Table.Td>
            <Table.Td ta="right">{total > 0 ? '100%' : '—'}</Table.Td>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </ScrollArea>
  );
}
