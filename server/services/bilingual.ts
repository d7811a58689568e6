import { type BilingualText, plainText, textOf } from '@shared/bilingual';

type Somali<K extends string> = `${K}So`;
type Pair<K extends string> = { [P in K | Somali<K>]: string | null };

/** A row whose text columns `x` and `xSo` became what answers give (docs/decisions/021-bilingual-content.md). */
export type WithTexts<R, K extends string> = Omit<R, Somali<K>> & { [P in K as `${P}Text`]: BilingualText };

/**
 * Each of `fields` as answers give it: `x` keeps its plain text (the English, else the Somali) and `xText` carries
 * both languages; the Somali column `xSo` itself is not passed on.
 */
export function withTexts<R extends Pair<K>, K extends string>(
  row: R,
  fields: readonly K[],
): WithTexts<R, K> {
  const answer: Record<string, unknown> = { ...row };
  for (const field of fields) {
    const somali = `${field}So`;
    const text = textOf(row[field], row[somali as Somali<K>]);
    delete answer[somali];
    answer[field] = plainText(text) ?? row[field];
    answer[`${field}Text`] = text;
  }
  return answer as WithTexts<R, K>;
}
