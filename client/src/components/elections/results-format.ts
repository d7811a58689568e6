import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../i18n/format';

// Colours that carry white labels legibly in both themes; by rank, so the bar and the chart agree.
const PALETTE = [
  'blue',
  'teal',
  'orange',
  'grape',
  'red',
  'cyan',
  'indigo',
  'pink',
  'green',
  'violet',
] as const;

export function resultColor(rank: number): string {
  return PALETTE[rank % PALETTE.length] ?? 'blue';
}

/** A vote count in the reader's language ("12,345"). */
export function formatVotes(votes: number): string {
  return formatNumber(votes);
}

/**
 * A share (docs/product.md#voting-in-an-election), shown to one decimal ("39.6%") in the reader's language. The value
 * is rounded first the way shared formatPercentage does (toFixed), so Intl only prints it and both agree to the
 * digit.
 */
export function formatShare(percentage: number): string {
  const rounded = Number(percentage.toFixed(1));
  return `${formatNumber(rounded, { minimumFractionDigits: 1, maximumFractionDigits: 1 })}%`;
}

/** "1 vote", "48 votes" (in Somali "48 cod"), with the count in the reader's language. */
export function useVotesLabel(): (votes: number) => string {
  const { t } = useTranslation('elections');
  return (votes) => t('results.votesCount', { count: votes, votes: formatVotes(votes) });
}
