import { refuse } from './errors';

/**
 * JSON read the way Belenios' parsers (atdgen) read it: objects with known fields only, arrays where arrays are
 * expected. Size is checked before parsing, so an oversized text costs nothing but its length.
 */
export function parseJson(text: string, maxLength: number, what: string): unknown {
  if (typeof text !== 'string') refuse('json', `${what} is not text`);
  if (text.length > maxLength) refuse('size', `${what} is longer than ${maxLength} characters`);
  try {
    return JSON.parse(text);
  } catch {
    return refuse('json', `${what} is not JSON`);
  }
}

export type JsonObject = Record<string, unknown>;

/** An object having every required field, only known fields, and no others. */
export function object(
  value: unknown,
  required: readonly string[],
  optional: readonly string[],
  what: string,
) {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    refuse('json', `${what} is not an object`);
  const record = value as JsonObject;
  for (const key of required) if (!(key in record)) refuse('json', `${what} has no "${key}"`);
  for (const key of Object.keys(record)) {
    if (!required.includes(key) && !optional.includes(key))
      refuse('json', `${what} has an unknown field "${key}"`);
  }
  return record;
}

export function array(value: unknown, what: string): unknown[] {
  if (!Array.isArray(value)) refuse('json', `${what} is not an array`);
  return value;
}

// A lone half of a UTF-16 surrogate pair: JSON.stringify writes it as an escape that Belenios' reader refuses, so
// one such string would make every archive holding it unreadable to belenios-tool.
const LONE_SURROGATE = /\p{Surrogate}/u;

export function string(value: unknown, what: string): string {
  if (typeof value !== 'string') refuse('json', `${what} is not a string`);
  if (LONE_SURROGATE.test(value)) refuse('json', `${what} is not valid Unicode text`);
  return value;
}

export function integer(value: unknown, what: string): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) refuse('json', `${what} is not an integer`);
  return value;
}
