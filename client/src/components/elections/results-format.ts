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

const voteCount = new Intl.NumberFormat();

export function formatVotes(votes: number): string {
  return voteCount.format(votes);
}

export function votesLabel(votes: number): string {
  return `${formatVotes(votes)} ${votes === 1 ? 'vote' : 'votes'}`;
}
