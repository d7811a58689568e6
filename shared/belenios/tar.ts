import { refuse } from './errors';

/**
 * The old-style tar that Belenios' archive is (archive.ml): each file is a 512-byte header block then its
 * content padded to whole blocks, with no end-of-archive blocks, so that appending is writing more blocks at
 * the end. Every header carries the archive's one timestamp, as belenios-tool writes it: the tool rebuilds the
 * archive from its events and compares it byte for byte, so any other header would fail its check.
 */
const BLOCK = 512;
const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true });

function put(block: Uint8Array, offset: number, text: string): void {
  block.set(encoder.encode(text), offset);
}

function octal(value: number, width: number): string {
  return value.toString(8).padStart(width, '0');
}

/**
 * A file's header block alone, for a file too large to hold as one text (a national list of public
 * credentials): its content follows, then tarPadding(size).
 */
export function tarHeader(name: string, size: number, timestamp: number): Uint8Array {
  const block = new Uint8Array(BLOCK);
  put(block, 0, name);
  put(block, 100, '0000644');
  put(block, 108, '0000000');
  put(block, 116, '0000000');
  put(block, 124, octal(size, 11));
  put(block, 136, octal(timestamp, 11));
  put(block, 148, '        ');
  put(block, 156, '0');
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += block[i] as number;
  put(block, 148, `${octal(sum, 6)}\u0000 `);
  return block;
}

/** The zeros after a file's content of `size` bytes, up to a whole number of blocks. */
export const tarPadding = (size: number): Uint8Array => new Uint8Array((BLOCK - (size % BLOCK)) % BLOCK);

/** One file of the archive: its header block and its content padded with zeros to a whole number of blocks. */
export function tarEntry(name: string, content: string, timestamp: number): Uint8Array {
  const body = encoder.encode(content);
  const blocks = Math.ceil(body.length / BLOCK);
  const entry = new Uint8Array(BLOCK * (1 + blocks));
  entry.set(tarHeader(name, body.length, timestamp), 0);
  entry.set(body, BLOCK);
  return entry;
}

export interface TarFile {
  name: string;
  content: string;
  timestamp: number;
}

function field(block: Uint8Array, offset: number, length: number): string {
  const bytes = block.subarray(offset, offset + length);
  const end = bytes.indexOf(0);
  return String.fromCharCode(...(end < 0 ? bytes : bytes.subarray(0, end)));
}

/** Reads every file of an archive, checking each header's checksum. */
export function readTar(bytes: Uint8Array): TarFile[] {
  if (bytes.length % BLOCK !== 0)
    refuse('archive', 'the archive is not made of whole blocks: it was cut short');
  const files: TarFile[] = [];
  let offset = 0;
  while (offset < bytes.length) {
    if (offset + BLOCK > bytes.length) refuse('archive', 'the archive ends inside a header');
    const header = bytes.subarray(offset, offset + BLOCK);
    let sum = 0;
    for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : (header[i] as number);
    if (Number.parseInt(field(header, 148, 8).trim(), 8) !== sum)
      refuse('archive', 'a header of the archive is damaged');
    const size = Number.parseInt(field(header, 124, 12), 8);
    const timestamp = Number.parseInt(field(header, 136, 12), 8);
    const start = offset + BLOCK;
    if (!Number.isSafeInteger(size) || start + size > bytes.length)
      refuse('archive', 'the archive is cut short');
    let content: string;
    try {
      content = decoder.decode(bytes.subarray(start, start + size));
    } catch {
      return refuse('archive', 'a file of the archive is not UTF-8 text');
    }
    files.push({ name: field(header, 0, 100), content, timestamp });
    offset = start + Math.ceil(size / BLOCK) * BLOCK;
  }
  return files;
}
