import { bytesToHex } from '@noble/hashes/utils.js';
import { refuse } from './errors';
import { type Sha256Hasher, sha256BytesHex, sha256Hasher } from './hash';

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
  /** The SHA-256 of the file's bytes (hexadecimal), what Belenios names a record by. */
  hash: string;
}

function field(block: Uint8Array, offset: number, length: number): string {
  // A loop, not String.fromCharCode(...bytes): a reader of a national archive reads millions of headers.
  let text = '';
  for (let i = offset; i < offset + length && block[i] !== 0; i++)
    text += String.fromCharCode(block[i] as number);
  return text;
}

/** A header block read: its checksum checked, the file's name, size and timestamp. */
function readHeader(header: Uint8Array): { name: string; size: number; timestamp: number } {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : (header[i] as number);
  if (Number.parseInt(field(header, 148, 8).trim(), 8) !== sum)
    refuse('archive', 'a header of the archive is damaged');
  const size = Number.parseInt(field(header, 124, 12), 8);
  if (!Number.isSafeInteger(size) || size < 0) refuse('archive', 'the archive is cut short');
  return { name: field(header, 0, 100), size, timestamp: Number.parseInt(field(header, 136, 12), 8) };
}

const padded = (size: number) => Math.ceil(size / BLOCK) * BLOCK;

/** A file too large to keep as text: hashed as its bytes go by, never held. */
export interface LargeTarFile {
  name: string;
  content: null;
  timestamp: number;
  hash: string;
  size: number;
}

/**
 * Reads an archive given in pieces cut anywhere (the chunks it is stored as), and gives its files as they end.
 * A file larger than `textLimit` bytes is hashed as it goes by and given without its text (a national list of
 * public credentials is larger than a JavaScript string may be); every other file is held until it ends.
 */
export class TarReader {
  private carry: Uint8Array = new Uint8Array(0);
  private large: {
    name: string;
    timestamp: number;
    size: number;
    read: number;
    hasher: Sha256Hasher;
  } | null = null;

  constructor(private readonly textLimit = Number.POSITIVE_INFINITY) {}

  push(piece: Uint8Array): (TarFile | LargeTarFile)[] {
    const files: (TarFile | LargeTarFile)[] = [];
    let bytes = piece;
    if (this.carry.length > 0) {
      bytes = new Uint8Array(this.carry.length + piece.length);
      bytes.set(this.carry, 0);
      bytes.set(piece, this.carry.length);
      this.carry = new Uint8Array(0);
    }
    let offset = 0;
    while (offset < bytes.length) {
      const large = this.large;
      if (large) {
        // Its content, then the zeros to a whole block: only the content is hashed.
        const take = Math.min(padded(large.size) - large.read, bytes.length - offset);
        const content = Math.max(0, Math.min(take, large.size - large.read));
        if (content > 0) large.hasher.update(bytes.subarray(offset, offset + content));
        large.read += take;
        offset += take;
        if (large.read === padded(large.size)) {
          const { name, timestamp, size, hasher } = large;
          files.push({ name, content: null, timestamp, size, hash: bytesToHex(hasher.digest()) });
          this.large = null;
        }
        continue;
      }
      if (offset + BLOCK > bytes.length) break;
      const header = readHeader(bytes.subarray(offset, offset + BLOCK));
      if (header.size > this.textLimit) {
        this.large = { ...header, read: 0, hasher: sha256Hasher() };
        offset += BLOCK;
        continue;
      }
      const start = offset + BLOCK;
      if (start + padded(header.size) > bytes.length) break;
      const body = bytes.subarray(start, start + header.size);
      let content: string;
      try {
        content = decoder.decode(body);
      } catch {
        return refuse('archive', 'a file of the archive is not UTF-8 text');
      }
      files.push({ name: header.name, content, timestamp: header.timestamp, hash: sha256BytesHex(body) });
      offset = start + padded(header.size);
    }
    // What is left is less than a file: kept (copied, the piece may be reused) until the next piece.
    if (offset < bytes.length) this.carry = bytes.slice(offset);
    return files;
  }

  /** The archive ends here: refused if it ends inside a file. */
  end(): void {
    if (this.large || this.carry.length > 0) refuse('archive', 'the archive is cut short');
  }
}

/** Reads every file of an archive, checking each header's checksum. */
export function readTar(bytes: Uint8Array): TarFile[] {
  if (bytes.length % BLOCK !== 0)
    refuse('archive', 'the archive is not made of whole blocks: it was cut short');
  const reader = new TarReader();
  const files = reader.push(bytes) as TarFile[];
  reader.end();
  return files;
}
