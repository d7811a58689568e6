import {
  type CredentialsFileReading,
  MAX_CREDENTIAL_ENTRY_BYTES,
  publicCredentialEntries,
  readPublicCredentialEntries,
} from '@shared/belenios';
import { describe, expect, it } from 'vitest';

/**
 * readPublicCredentialEntries reads a public credentials file in parts cut anywhere (inside an entry, an escape or
 * a character of several bytes) and finds the entries JSON.parse finds in the whole file; what JSON refuses, it
 * refuses, whatever part the fault is in.
 */

/** Reads `file` cut into parts at `cuts` (byte offsets), as the server does part after part. */
function readInParts(file: Uint8Array, cuts: number[]): string[] {
  const entries: string[] = [];
  let rest: Uint8Array = new Uint8Array(0);
  let reading: CredentialsFileReading = 'open';
  const bounds = [0, ...cuts, file.length];
  for (let i = 0; i + 1 < bounds.length; i += 1) {
    const part = file.subarray(bounds[i], bounds[i + 1]);
    const bytes = new Uint8Array(rest.length + part.length);
    bytes.set(rest);
    bytes.set(part, rest.length);
    const read = readPublicCredentialEntries(bytes, reading, i + 2 === bounds.length);
    entries.push(...read.entries);
    rest = read.rest;
    reading = read.reading;
  }
  return entries;
}

const encode = (text: string) => new TextEncoder().encode(text);

describe('readPublicCredentialEntries', () => {
  // Escapes, whitespace of every kind, a weight, a login of several-byte characters, a byte order mark.
  const text = `\uFEFF [\n\t"123,2" ,\r\n "\\u0034\\u0035\\u0036", "789,1,Cali Xasan \u00e9\u20ac\u{1F600}" ,"1\\"2"\n] \n`;
  const file = encode(text);
  // A decoder of the whole file drops the byte order mark before JSON.parse sees it.
  const whole = publicCredentialEntries(text.slice(1));

  it('finds the entries JSON.parse finds, however the file is cut in two or three', () => {
    expect(whole).toEqual(['123,2', '456', '789,1,Cali Xasan \u00e9\u20ac\u{1F600}', '1"2']);
    for (let a = 0; a <= file.length; a += 1) {
      expect(readInParts(file, [a]), `cut at ${a}`).toEqual(whole);
      for (let b = a; b <= file.length; b += 7)
        expect(readInParts(file, [a, b]), `cut at ${a}, ${b}`).toEqual(whole);
    }
    // A byte at a time.
    expect(
      readInParts(
        file,
        Array.from({ length: file.length - 1 }, (_, i) => i + 1),
      ),
    ).toEqual(whole);
  });

  it.each([
    ['not JSON', 'this is not json'],
    ['an object', '{"a": ["1"]}'],
    ['a number in the list', '["1", 2]'],
    ['a list in the list', '["1", ["2"]]'],
    ['a trailing comma', '["1",]'],
    ['two commas', '["1",,"2"]'],
    ['no comma', '["1" "2"]'],
    ['a file that ends in an entry', '["1", "2'],
    ['a file that ends before its bracket', '["1", "2"'],
    ['something after the list', '["1"] x'],
    ['a raw line break in an entry', '["1\n2"]'],
    ['a bad escape', '["1\\x"]'],
  ])('refuses %s, cut anywhere, as JSON.parse does', (_what, bad) => {
    expect(() => publicCredentialEntries(bad)).toThrow();
    const bytes = encode(bad);
    for (let a = 0; a <= bytes.length; a += 1) expect(() => readInParts(bytes, [a]), `cut at ${a}`).toThrow();
  });

  it('keeps at most an entry’s length between parts: a longer string is refused before the file ends', () => {
    const long = encode(`["${'1'.repeat(MAX_CREDENTIAL_ENTRY_BYTES)}`);
    expect(() => readPublicCredentialEntries(long, 'open', false)).toThrow(/too long/);
    const read = readPublicCredentialEntries(encode('["12", "3'), 'open', false);
    expect(read).toMatchObject({ entries: ['12'], reading: 'entry' });
    expect(new TextDecoder().decode(read.rest)).toBe('"3');
  });

  it('takes an empty list, which the upload then refuses as no list of voters', () => {
    expect(readPublicCredentialEntries(encode(' [ ] '), 'open', true)).toMatchObject({
      entries: [],
      reading: 'closed',
    });
  });
});
