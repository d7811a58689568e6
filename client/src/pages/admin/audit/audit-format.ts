/** "key: value" lines from an audit row's JSON, compact enough for a table cell; raw text if not JSON. */
export function formatNewValues(json: string | null): string {
  if (json === null) return '';
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return json;
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return JSON.stringify(parsed);
  return Object.entries(parsed)
    .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join('\n');
}
