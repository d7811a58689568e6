/**
 * Accept-Encoding as RFC 9110 §12.5.3 reads it: a list of codings, each with an optional weight (`;q=0` to
 * `;q=1`, 0 meaning "not acceptable"); `*` stands for every coding not listed by name; names and the `q` are
 * case-insensitive; spaces around the separators are allowed. A coding neither listed nor covered by `*` is
 * not acceptable; identity (no coding) is always sent when nothing else is.
 *
 * Our own because the negotiator in node_modules (@fastify/accept-negotiator 2.1, which @fastify/static uses)
 * lets `*` override an explicit refusal (`br;q=0, *` picks br) and reads names case-sensitively.
 */

/** The codings the server compresses text with, in its own order of preference (on equal weights). */
export const TEXT_CODINGS = ['br', 'gzip'] as const;
export type TextCoding = (typeof TEXT_CODINGS)[number];

/** RFC 9110 §12.4.2's qvalue: 0 to 1 with at most three decimals. */
const QVALUE = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/;

/** RFC 9110 §18.6: x-gzip is gzip. */
const ALIASES: Record<string, string> = { 'x-gzip': 'gzip' };

/**
 * The weight the header gives each coding it names (`*` included), lower-cased. An element whose weight is
 * not a qvalue is dropped: a malformed preference is no preference.
 */
export function encodingWeights(header: string | undefined): Map<string, number> {
  const weights = new Map<string, number>();
  for (const element of (header ?? '').split(',')) {
    const [name = '', ...parameters] = element.split(';').map((part) => part.trim().toLowerCase());
    if (!name) continue;
    let weight = 1;
    for (const parameter of parameters) {
      const [key, value = ''] = parameter.split('=').map((part) => part.trim());
      if (key !== 'q') continue;
      weight = QVALUE.test(value) ? Number(value) : Number.NaN;
    }
    if (Number.isNaN(weight)) continue;
    const coding = ALIASES[name] ?? name;
    // A coding named twice: the later element wins, as most servers read it (the RFC does not say).
    weights.set(coding, weight);
  }
  return weights;
}

/** The weight the header gives one coding: its own, else `*`'s, else 0 (not acceptable). */
function weightOf(weights: Map<string, number>, coding: string): number {
  return weights.get(coding) ?? weights.get('*') ?? 0;
}

/**
 * The coding to send, among `offered` (in the server's order of preference), or null for none (identity).
 * No header at all means no preference (RFC 9110): we then send identity, as browsers always send one.
 */
export function negotiateEncoding<Coding extends string>(
  header: string | undefined,
  offered: readonly Coding[],
): Coding | null {
  if (header === undefined) return null;
  const weights = encodingWeights(header);
  let best: Coding | null = null;
  let bestWeight = 0;
  for (const coding of offered) {
    const weight = weightOf(weights, coding);
    if (weight > bestWeight) {
      best = coding;
      bestWeight = weight;
    }
  }
  return best;
}

/**
 * The header restated plainly for a negotiator that reads only names and weights (@fastify/static's): the
 * offered codings the reader accepts, each with its weight, no `*`, lower case; '' when none is acceptable.
 */
export function plainAcceptEncoding(header: string, offered: readonly string[]): string {
  const weights = encodingWeights(header);
  return offered
    .map((coding) => ({ coding, weight: weightOf(weights, coding) }))
    .filter(({ weight }) => weight > 0)
    .map(({ coding, weight }) => (weight === 1 ? coding : `${coding};q=${weight}`))
    .join(', ');
}
