import { refuse } from './errors';
import { sha256Hex } from './hash';
import { integer, object, parseJson, string } from './json';
import { ownedJson } from './partial-decryption';
import { readTar, tarEntry, tarHeader } from './tar';

/**
 * Belenios' public record, the `.bel` archive (Belenios specification, section 4.4): a header, then data
 * records and events, each file named by the SHA-256 of its content. Each event names its parent event's hash
 * and its height, so the events form a hash chain; a copy saved earlier must be a prefix of any later one.
 * ArchiveWriter can only append, in the order an election goes through: setup, ballots, end of ballots,
 * encrypted tally, partial decryptions, result.
 */
export type EventType =
  | 'Setup'
  | 'Ballot'
  | 'EndBallots'
  | 'EncryptedTally'
  | 'Shuffle'
  | 'EndShuffles'
  | 'PartialDecryption'
  | 'Result';

export interface ArchiveEvent {
  parent?: string;
  height: number;
  type: EventType;
  payload?: string;
}

export function eventJson(e: ArchiveEvent): string {
  const parent = e.parent === undefined ? '' : `"parent":"${e.parent}",`;
  const payload = e.payload === undefined ? '' : `,"payload":"${e.payload}"`;
  return `{${parent}"height":${e.height},"type":"${e.type}"${payload}}`;
}

/** What may follow each kind of last event (homomorphic elections have no shuffles). */
const NEXT: Record<EventType | 'none', readonly EventType[]> = {
  none: ['Setup'],
  Setup: ['Ballot', 'EndBallots'],
  Ballot: ['Ballot', 'EndBallots'],
  EndBallots: ['EncryptedTally'],
  EncryptedTally: ['PartialDecryption'],
  Shuffle: [],
  EndShuffles: [],
  PartialDecryption: ['PartialDecryption', 'Result'],
  Result: [],
};

export interface SetupTexts {
  election: string;
  trustees: string;
  publicCredentials: string;
}

/** A data record written by the caller a part at a time: its hash and size in bytes (UTF-8). */
export interface LargeRecord {
  hash: string;
  size: number;
}

export class ArchiveWriter {
  private readonly chunks: Uint8Array[] = [];
  private last: { hash: string; event: ArchiveEvent } | undefined;
  /** Whether the writer holds the whole archive (bytes()); a server's writer holds only what it appends. */
  private whole = true;

  private constructor(readonly timestamp: number) {}

  /**
   * A new archive whose public credentials file is too large to be one text (a national roll's: over the
   * longest string JavaScript holds past about 860,000 voters). `head` is the header, the election, the
   * trustees and the credentials file's header block; the caller writes the file's content and its padding
   * to a whole block (tarPadding) after it, then `tail`: the setup data and the Setup event. The bytes are
   * those create() writes for the same texts.
   */
  static createAround(
    setup: Omit<SetupTexts, 'publicCredentials'>,
    credentials: LargeRecord,
    timestamp: number,
  ): { writer: ArchiveWriter; head: Uint8Array; tail: Uint8Array } {
    const writer = new ArchiveWriter(timestamp);
    writer.whole = false;
    writer.chunks.push(tarEntry('BELENIOS', `{"version":1,"timestamp":"${timestamp}"}`, timestamp));
    const hashes = [writer.data(setup.election), writer.data(setup.trustees), credentials.hash];
    writer.chunks.push(tarHeader(`${credentials.hash}.data.json`, credentials.size, timestamp));
    const head = concat(writer.chunks.splice(0));
    const setupData = `{"election":"${hashes[0]}","trustees":"${hashes[1]}","credentials":"${hashes[2]}"}`;
    const tail = writer.event('Setup', [setupData]);
    return { writer, head, tail };
  }

  /**
   * Goes on appending after an archive's last appended part (whole files ending with its last event), without
   * reading the rest: the part's files are checked against their names, the event is taken as the chain's end.
   */
  static continueAfter(lastPart: Uint8Array): ArchiveWriter {
    const files = readTar(lastPart);
    const file = files[files.length - 1];
    const match = file ? /^([0-9a-f]{64})\.event\.json$/.exec(file.name) : null;
    if (!file || !match || file.hash !== match[1])
      refuse('archive', 'the last part of the archive does not end with an event');
    const writer = new ArchiveWriter(file.timestamp);
    writer.whole = false;
    writer.last = { hash: match[1] as string, event: readEvent(file.content) };
    return writer;
  }

  /** A new archive: its header and the setup (election, trustees, public credentials, setup data, event). */
  static create(setup: SetupTexts, timestamp: number): ArchiveWriter {
    const writer = new ArchiveWriter(timestamp);
    // atdgen writes the 64-bit timestamp as a JSON string.
    writer.chunks.push(tarEntry('BELENIOS', `{"version":1,"timestamp":"${timestamp}"}`, timestamp));
    const hashes = [setup.election, setup.trustees, setup.publicCredentials].map((t) => writer.data(t));
    const setupData = `{"election":"${hashes[0]}","trustees":"${hashes[1]}","credentials":"${hashes[2]}"}`;
    writer.event('Setup', [setupData]);
    return writer;
  }

  /** Goes on appending to an archive read back (checked by readArchive). */
  static resume(bytes: Uint8Array): ArchiveWriter {
    const archive = readArchive(bytes);
    const writer = new ArchiveWriter(archive.timestamp);
    writer.chunks.push(bytes.slice());
    writer.last = archive.lastEvent;
    return writer;
  }

  private data(text: string): string {
    const hash = sha256Hex(text);
    this.chunks.push(tarEntry(`${hash}.data.json`, text, this.timestamp));
    return hash;
  }

  /** Appends the payloads (the last one is the event's payload) and the event; returns the bytes appended. */
  private event(type: EventType, payloads: readonly string[]): Uint8Array {
    const before = this.chunks.length;
    if (!NEXT[this.last?.event.type ?? 'none'].includes(type)) {
      refuse('archive', `a ${type} event cannot follow ${this.last?.event.type ?? 'nothing'}`);
    }
    let payload: string | undefined;
    for (const text of payloads) payload = this.data(text);
    const event: ArchiveEvent = { height: this.last ? this.last.event.height + 1 : 0, type };
    if (this.last) event.parent = this.last.hash;
    if (payload !== undefined) event.payload = payload;
    const text = eventJson(event);
    const hash = sha256Hex(text);
    this.chunks.push(tarEntry(`${hash}.event.json`, text, this.timestamp));
    this.last = { hash, event };
    const appended = concat(this.chunks.slice(before));
    if (!this.whole) this.chunks.length = before;
    return appended;
  }

  /** A ballot, already verified (the archive does not check what it is given). */
  addBallot(ballot: string): Uint8Array {
    return this.event('Ballot', [ballot]);
  }

  endBallots(): Uint8Array {
    return this.event('EndBallots', []);
  }

  addEncryptedTally(tallyText: string, sizedText: string): Uint8Array {
    return this.event('EncryptedTally', [tallyText, sizedText]);
  }

  /** A verified partial decryption of trustee `owner` (1-based, in the trustees' order). */
  addPartialDecryption(owner: number, partialDecryption: string): Uint8Array {
    return this.event('PartialDecryption', [
      partialDecryption,
      ownedJson(owner, sha256Hex(partialDecryption)),
    ]);
  }

  addResult(resultText: string): Uint8Array {
    return this.event('Result', [resultText]);
  }

  get lastEventType(): EventType | undefined {
    return this.last?.event.type;
  }

  bytes(): Uint8Array {
    if (!this.whole) throw new Error('this writer holds only what it appends, not the whole archive');
    return concat(this.chunks);
  }
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const result = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const p of parts) {
    result.set(p, offset);
    offset += p.length;
  }
  return result;
}

export interface ReadArchive {
  timestamp: number;
  setup: SetupTexts;
  ballots: string[];
  encryptedTally?: { tally: string; sized: string };
  partialDecryptions: { owner: number; text: string }[];
  result?: string;
  events: ArchiveEvent[];
  lastEvent: { hash: string; event: ArchiveEvent };
}

const EVENT_TYPES: readonly EventType[] = Object.keys(NEXT).filter((k) => k !== 'none') as EventType[];

function readEvent(text: string): ArchiveEvent {
  const record = object(
    parseJson(text, 1000, 'an event'),
    ['height', 'type'],
    ['parent', 'payload'],
    'an event',
  );
  const type = string(record.type, 'an event type') as EventType;
  if (!EVENT_TYPES.includes(type)) refuse('archive', `unknown event type ${type}`);
  const event: ArchiveEvent = { height: integer(record.height, 'an event height'), type };
  if (record.parent !== undefined) event.parent = string(record.parent, 'an event parent');
  if (record.payload !== undefined) event.payload = string(record.payload, 'an event payload');
  if (eventJson(event) !== text) refuse('archive', 'an event is not written the way Belenios writes events');
  return event;
}

/** A file of an archive as TarReader gives it; `content` is null for a file too large to hold as text. */
export interface ArchiveFile {
  name: string;
  content: string | null;
  hash: string;
}

/** What an event read brings: the event, and the records it names that a reader of the archive uses. */
export interface ReadEvent {
  hash: string;
  event: ArchiveEvent;
  ballot?: string;
  encryptedTally?: { tally: string; sized: string };
  partialDecryption?: { owner: number; text: string };
  result?: string;
}

/**
 * Reads an archive's files in order and checks them (Belenios' rules, in this one place): the header, every
 * file's name against its content's hash, the chain of events (parents, heights, allowed order) and that every
 * payload is a data record written before its event. It keeps every data record it has read; with
 * `recordsOfEachEvent`, only those written since the last event (ArchiveWriter writes each event's just before it), so that
 * reading a national archive holds one event's records at a time (an archive that names an older record is
 * then refused, which no archive Codka writes does).
 */
export class ArchiveReader {
  timestamp: number | undefined;
  setup: { election: string; trustees: string; publicCredentials: string | null } | undefined;
  lastEvent: { hash: string; event: ArchiveEvent } | undefined;
  private readonly data = new Map<string, string | null>();

  constructor(private readonly options: { recordsOfEachEvent?: boolean } = {}) {}

  /** The next file of the archive; the event it is, or null for the header or a data record. */
  take(file: ArchiveFile): ReadEvent | null {
    if (this.timestamp === undefined) {
      if (file.name !== 'BELENIOS' || file.content === null)
        refuse('archive', 'the archive does not start with its BELENIOS header');
      const head = object(
        parseJson(file.content, 1000, 'the header'),
        ['version', 'timestamp'],
        [],
        'the header',
      );
      if (head.version !== 1) refuse('archive', 'the archive is not of version 1');
      const timestamp = Number(string(head.timestamp, 'the timestamp'));
      if (!Number.isSafeInteger(timestamp) || timestamp < 0)
        refuse('archive', 'the timestamp is not a number of seconds');
      this.timestamp = timestamp;
      return null;
    }
    const match = /^([0-9a-f]{64})\.(data|event)\.json$/.exec(file.name);
    if (!match || file.hash !== match[1]) refuse('archive', `the file ${file.name} is not named by its hash`);
    if (match[2] === 'data') {
      this.data.set(match[1] as string, file.content);
      return null;
    }
    if (file.content === null) refuse('archive', 'an event is too large');
    const event = readEvent(file.content);
    const last = this.lastEvent;
    const expectedHeight = last ? last.event.height + 1 : 0;
    if (event.parent !== last?.hash || event.height !== expectedHeight)
      refuse('archive', 'the chain of events is broken');
    if (!NEXT[last?.event.type ?? 'none'].includes(event.type))
      refuse('archive', `a misplaced ${event.type} event`);
    const read: ReadEvent = { hash: match[1] as string, event };
    if (event.type === 'Setup') {
      const setup = object(
        parseJson(this.text(event), 1000, 'the setup'),
        ['election', 'trustees', 'credentials'],
        [],
        'the setup',
      );
      const get = (h: unknown) => {
        const text = this.data.get(string(h, 'a setup hash'));
        return text === undefined ? refuse('archive', 'a setup record is missing') : text;
      };
      const election = get(setup.election);
      const trustees = get(setup.trustees);
      if (election === null || trustees === null) refuse('archive', 'a setup record is too large');
      this.setup = { election, trustees, publicCredentials: get(setup.credentials) };
    } else if (event.type === 'Ballot') read.ballot = this.text(event);
    else if (event.type === 'EncryptedTally') {
      const sized = this.text(event);
      const tallyHash = string(
        object(
          parseJson(sized, 1000, 'the sized tally'),
          ['num_tallied', 'total_weight', 'encrypted_tally'],
          [],
          'the sized tally',
        ).encrypted_tally,
        'a hash',
      );
      const tally = this.data.get(tallyHash);
      if (typeof tally !== 'string') refuse('archive', 'the encrypted tally is missing');
      read.encryptedTally = { tally, sized };
    } else if (event.type === 'PartialDecryption') {
      const owned = object(
        parseJson(this.text(event), 1000, 'an owned payload'),
        ['owner', 'payload'],
        [],
        'an owned payload',
      );
      const text = this.data.get(string(owned.payload, 'a hash'));
      if (typeof text !== 'string') refuse('archive', 'a partial decryption is missing');
      read.partialDecryption = { owner: integer(owned.owner, 'an owner'), text };
    } else if (event.type === 'Result') read.result = this.text(event);
    this.lastEvent = { hash: read.hash, event };
    if (this.options.recordsOfEachEvent) this.data.clear();
    return read;
  }

  /** The archive ends here: refused without a header or a setup. */
  end(): { hash: string; event: ArchiveEvent } {
    if (this.timestamp === undefined)
      refuse('archive', 'the archive does not start with its BELENIOS header');
    if (!this.lastEvent) refuse('archive', 'the archive has no setup event');
    return this.lastEvent;
  }

  /** An event's payload, a data record written before it, as text. */
  private text(event: ArchiveEvent): string {
    const text = event.payload === undefined ? undefined : this.data.get(event.payload);
    if (text === undefined) refuse('archive', `the payload of a ${event.type} event is missing`);
    if (text === null) refuse('archive', `the payload of a ${event.type} event is too large`);
    return text;
  }
}

/** Reads a whole archive and checks it (ArchiveReader). */
export function readArchive(bytes: Uint8Array): ReadArchive {
  const reader = new ArchiveReader();
  const result: Omit<ReadArchive, 'lastEvent' | 'timestamp' | 'setup'> = {
    ballots: [],
    partialDecryptions: [],
    events: [],
  };
  for (const file of readTar(bytes)) {
    const read = reader.take(file);
    if (!read) continue;
    if (read.ballot !== undefined) result.ballots.push(read.ballot);
    if (read.encryptedTally) result.encryptedTally = read.encryptedTally;
    if (read.partialDecryption) result.partialDecryptions.push(read.partialDecryption);
    if (read.result !== undefined) result.result = read.result;
    result.events.push(read.event);
  }
  const lastEvent = reader.end();
  // A whole archive is read with no size limit: every record is text.
  const setup = reader.setup as SetupTexts;
  return { ...result, timestamp: reader.timestamp as number, setup, lastEvent };
}
