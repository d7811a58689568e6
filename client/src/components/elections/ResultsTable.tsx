import { ScrollArea, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../i18n/format';
import { ContentText } from '../content/ContentText';
import type { ResultRow } from './ResultsBar';
import { formatShare, formatVotes } from './results-format';

/** Ties share a rank: a candidate's rank is one more than the number of candidates with more votes. */
function ranks(rows: ResultRow[]): number[] {
  return rows.map((row) => rows.filter((other) => other.votes > row.votes).length + 1);
}

/** The results as text: the table that every chart on the page summarises. */
export function ResultsTable({ rows, total }: { rows: ResultRow[]; total: number }) {
  const { t } = useTranslation('elections');
  const rankOf = ranks(rows);
  return (
    // Focusable so a keyboard can scroll a table wider than a phone (WCAG 2.1.1).
    <ScrollArea
      type="auto"
      offsetScrollbars="present"
      viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': t('results.tableCaption') }}
    >
      <Table miw={460} striped verticalSpacing="sm" captionSide="bottom">
        <Table.Caption>{t('results.tableCaption')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('results.rank')}</Table.Th>
            <Table.Th scope="col">{t('results.candidate')}</Table.Th>
            <Table.Th scope="col">{t('results.party')}</Table.Th>
            <Table.Th scope="col" ta="right">
              {t('results.votes')}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {t('results.shareColumn')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, index) => (
            <Table.Tr key={row.candidateId}>
              <Table.Td>{formatNumber(rankOf[index] ?? 0)}</Table.Td>
              <Table.Th scope="row" fw={600}>
                {row.name}
              </Table.Th>
              <Table.Td>{row.party === null ? '—' : <ContentText text={row.partyText} />}</Table.Td>
              <Table.Td ta="right">{formatVotes(row.votes)}</Table.Td>
              <Table.Td ta="right">{formatShare(row.percentage)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Td />
            <Table.Th scope="row">{t('results.total')}</Table.Th>
            <Table.Td />
            <Table.Td ta="right" fw={700}>
              {formatVotes(total)}
            </Table.Td>
            <Table.Td ta="right">{total > 0 ? formatNumber(1, { style: 'percent' }) : '—'}</Table.Td>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </ScrollArea>
  );
}
