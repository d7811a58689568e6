import { HOUSE_TOTAL } from './content/seats';

/**
 * "HOP#001" … "HOP#275": the position choices of a Lower House election's candidates
 * (docs/product.md#election-statuses).
 */
export const HOP_POSITIONS: readonly string[] = Array.from(
  { length: HOUSE_TOTAL },
  (_, index) => `HOP#${String(index + 1).padStart(3, '0')}`,
);

export function isHopPosition(value: string): boolean {
  return /^HOP#\d{3}$/.test(value) && HOP_POSITIONS.includes(value);
}
