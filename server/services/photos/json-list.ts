/** A JSON list column (error_log, updated_members); an unreadable one reads as empty rather than failing a page. */
export function parseJsonList<T>(text: string): T[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? (value as T[]) : [];
  } catch {
    return [];
  }
}
