import { CREDENTIAL_AUTHORITIES } from '@shared/verifiable';
import { blob, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './auth';
import { createdAt, timestamp, uuidPk } from './columns';
import { elections } from './elections';

/**
 * A verifiable election's Belenios side (docs/election-record.md#verifiable-elections): its uuid from creation,
 * the election text fixed when it opens (its hash is what every ballot is bound to), and who makes the
 * credentials.
 */
export const verifiableElections = sqliteTable('verifiable_elections', {
  electionId: text('election_id')
    .primaryKey()
    .references(() => elections.id, { onDelete: 'cascade' }),
  uuid: text('uuid').notNull().unique(),
  credentialAuthority: text('credential_authority', { enum: CREDENTIAL_AUTHORITIES })
    .notNull()
    .default('codka'),
  // Written once, at the opening; null while a draft.
  electionText: text('election_text'),
  // The decrypted result as appended to the archive, kept here so that results pages do not read the archive.
  resultText: text('result_text'),
  // An outside authority's list is written a part at a time: the one being (or last) written, and its count once
  // every part is in (null until then: the opening refuses a list without one).
  credentialsList: text('credentials_list'),
  credentialsCount: integer('credentials_count'),
});

/** The trustees, in the order of their shares (Belenios numbers them from 1 in this order). */
export const electionTrustees = sqliteTable(
  'election_trustees',
  {
    id: uuidPk(),
    electionId: text('election_id')
      .notNull()
      .references(() => elections.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    // The text the trustee gave, as belenios-tool writes it; `keyValue` is its public key in decimal.
    publicKey: text('public_key').notNull(),
    keyValue: text('key_value').notNull(),
    // Only a SHA-256 of the trustee's token: a copy of the database cannot submit a share.
    tokenHash: text('token_hash').notNull().unique(),
    partialDecryption: text('partial_decryption'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('election_trustees_key_unique').on(t.electionId, t.keyValue),
    index('election_trustees_election_idx').on(t.electionId, t.createdAt),
  ],
);

/**
 * The public credentials of an election, fixed when it opens. With Codka as the credential authority each
 * belongs to one voter (the private one is derived again from the key file when the voter asks for it); with
 * an outside authority `userId` is null.
 */
export const electionCredentials = sqliteTable(
  'election_credentials',
  {
    electionId: text('election_id')
      .notNull()
      .references(() => elections.id, { onDelete: 'cascade' }),
    credential: text('credential').notNull(),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    primaryKey({ columns: [t.electionId, t.credential] }),
    uniqueIndex('election_credentials_user_unique').on(t.electionId, t.userId),
  ],
);

/** Accepted Belenios ballots: one per voter and one per credential, decided by the database. */
export const encryptedBallots = sqliteTable(
  'encrypted_ballots',
  {
    id: uuidPk(),
    electionId: text('election_id')
      .notNull()
      .references(() => elections.id, { onDelete: 'restrict' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    credential: text('credential').notNull(),
    ballot: text('ballot').notNull(),
    tracker: text('tracker').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('encrypted_ballots_user_unique').on(t.electionId, t.userId),
    uniqueIndex('encrypted_ballots_credential_unique').on(t.electionId, t.credential),
    uniqueIndex('encrypted_ballots_tracker_unique').on(t.tracker),
  ],
);

/**
 * The election's Belenios archive (.bel) as the bytes appended, in order: the file served is their
 * concatenation. Triggers refuse any UPDATE or DELETE, so it can only grow; a backup of the database carries it.
 */
export const electionArchiveChunks = sqliteTable(
  'election_archive_chunks',
  {
    electionId: text('election_id')
      .notNull()
      .references(() => elections.id, { onDelete: 'restrict' }),
    seq: integer('seq').notNull(),
    bytes: blob('bytes', { mode: 'buffer' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.electionId, t.seq] })],
);

/**
 * The public credentials of a verifiable draft with Codka as its credential authority, made ahead of its opening
 * by a background job (server/jobs/credential-preparations.ts): the accounts are read a page at a time in the
 * order of their ids (`cursor`: the last one read), each page's credentials stored in election_credentials in its
 * own short transaction, so the job resumes where it was after a restart. `rule` is the eligibility rule the pages
 * were read under (another rule means reading again). `watermark`: the eligibility_changes entry the reading
 * began after; what changed since is what the opening looks at again. The row goes with the opening.
 */
export const credentialPreparations = sqliteTable('credential_preparations', {
  electionId: text('election_id')
    .primaryKey()
    .references(() => elections.id, { onDelete: 'cascade' }),
  status: text('status', { enum: ['preparing', 'ready', 'failed'] }).notNull(),
  rule: text('rule').notNull(),
  cursor: text('cursor'),
  watermark: integer('watermark').notNull(),
  // Accounts read so far, of `total` when the reading began (the admin's "n of N").
  checked: integer('checked').notNull().default(0),
  total: integer('total').notNull().default(0),
  // One more at each write of the election's credentials: a list built from them is still theirs while it holds.
  version: integer('version').notNull().default(0),
  updatedAt: timestamp('updated_at').notNull(),
});

/**
 * The accounts whose eligibility may have changed (contacts confirmed, deactivated, put on or taken off the roll,
 * a district moved to another region, a new account), written by triggers while a preparation exists: an opening
 * looks again at these few accounts rather than the whole roll.
 */
export const eligibilityChanges = sqliteTable('eligibility_changes', {
  seq: integer('seq').primaryKey({ autoIncrement: true }),
  userId: text('user_id').notNull(),
});

/**
 * An outside authority's public credentials file being given in parts (server/services/verifiable/
 * credential-uploads.ts): the size and SHA-256 the admin's browser declared, the part due next, and how many
 * credentials its parts held so far. At most one per election is `receiving`: a newer one ends the older.
 * `applying` once every part is in and the whole checked, while its list replaces the election's; `ended`
 * (superseded, expired, refused or applied) until its staged rows are removed, a part at a time.
 */
export const credentialUploads = sqliteTable(
  'credential_uploads',
  {
    id: uuidPk(),
    // Null once the draft is deleted: its staged rows are then removed as an ended upload's.
    electionId: text('election_id').references(() => elections.id, { onDelete: 'set null' }),
    status: text('status', { enum: ['receiving', 'applying', 'ended'] }).notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    partBytes: integer('part_bytes').notNull(),
    nextPart: integer('next_part').notNull().default(0),
    count: integer('count').notNull().default(0),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    // A receiving upload whose next part has not come by then is ended.
    expiresAt: timestamp('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('credential_uploads_election_idx').on(t.electionId, t.status)],
);

/**
 * The credentials of an upload's parts as they are read, in their decimal form: the list is kept here, not in
 * memory, until its last part has come and the whole is valid; its key refuses a credential given twice
 * anywhere in the file. No reference to the upload: an ended upload's rows are removed a part at a time, never
 * by one cascade. WITHOUT ROWID (migration 0025): the key is the table, so a national list is stored once, not
 * once in the table and again in its key's index.
 */
export const credentialUploadRows = sqliteTable(
  'credential_upload_rows',
  {
    uploadId: text('upload_id').notNull(),
    credential: text('credential').notNull(),
  },
  (t) => [primaryKey({ columns: [t.uploadId, t.credential] })],
);
