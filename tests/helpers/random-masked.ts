/**
 * Stored rows as JSON with what is random in them masked: UUIDs, hex digests (a keyed hash) and generated voter
 * card numbers (two letters, eight digits). A check that a date of birth or a code is absent then reads only what
 * the rows say: a random id or digest holds "1990" or a code's digits by chance about once in a few hundred runs.
 */
export function randomMasked(rows: unknown): string {
  return JSON.stringify(rows)
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '<id>')
    .replace(/\b[0-9a-f]{32,}\b/g, '<digest>')
    .replace(/\b[A-Z]{2}\d{8}\b/g, '<card>');
}
