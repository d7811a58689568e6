import { createHash, randomBytes } from 'node:crypto';
import { mul } from '@shared/belenios/group';
import { textOf } from '@shared/bilingual';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { trusteeKeyRefusal } from '../../belenios/refusals';
import { BeleniosRefusal, verifyPool } from '../../belenios/verify-pool';
import type { Db } from '../../db/client';
import { elections, electionTrustees, verifiableElections } from '../../db/schema';
import { isUniqueViolation } from '../../db/unique';
import { DomainError } from '../../errors/domain-error';
import { recordAudit } from '../audit';
import { encryptedTallyOf } from './archive';
import { requireDraft, verifiableElection } from './election';

/** A trustee public key is a few hundred characters; anything much longer is refused before it is read. */
export const MAX_TRUSTEE_KEY_CHARS = 4096;

export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * admin.elections.trustees.add: a trustee's public key, its proof checked (in a worker). The token is the
 * trustee's only way to send their share later: given once, and only its hash kept.
 */
export async function addTrustee(
  db: Db,
  input: { electionId: string; name: string; publicKey: string },
  actorId: string,
): Promise<{ id: string; token: string }> {
  requireDraft(verifiableElection(db, input.electionId));
  const sent = input.publicKey.trim();
  if (sent.length > MAX_TRUSTEE_KEY_CHARS) throw trusteeKeyRefusal();
  let keyValue: string;
  let publicKey: string;
  try {
    ({ keyValue, keyText: publicKey } = await verifyPool().run({ kind: 'trusteeKey', publicKey: sent }));
  } catch (error) {
    if (error instanceof BeleniosRefusal) throw trusteeKeyRefusal();
    throw error;
  }
  const token = randomBytes(32).toString('base64url');
  return db.transaction((tx) => {
    // Checked again: the election may have opened while the proof was checked.
    requireDraft(verifiableElection(tx, input.electionId));
    refuseElectionKeyOfOne(tx, input.electionId, keyValue);
    try {
      const row = tx
        .insert(electionTrustees)
        .values({
          electionId: input.electionId,
          name: input.name,
          publicKey,
          keyValue,
          tokenHash: tokenHash(token),
        })
        .returning({ id: electionTrustees.id })
        .get();
      recordAudit(tx, {
        action: 'create',
        tableName: 'election_trustees',
        recordId: row.id,
        newValues: { electionId: input.electionId, name: input.name, publicKey },
        actorId,
      });
      return { id: row.id, token };
    } catch (error) {
      if (isUniqueViolation(error)) throw new DomainError('verifiable.trusteeKeyTwice');
      throw error;
    }
  });
}

/**
 * The election key is the product of the trustees' keys: were it 1, every ciphertext would be g^m in the clear,
 * readable with no trustee at all. Keys that cancel out (g^x and g^-x) take trustees who shared their secrets, or
 * an admin who made both; they are refused all the same, as a trustee is added (`adding`) and as it opens.
 */
export function refuseElectionKeyOfOne(db: Pick<Db, 'select'>, electionId: string, adding?: string): void {
  const keys = db
    .select({ keyValue: electionTrustees.keyValue })
    .from(electionTrustees)
    .where(eq(electionTrustees.electionId, electionId))
    .all()
    .map((trustee) => trustee.keyValue);
  if (adding !== undefined) keys.push(adding);
  if (keys.length > 0 && keys.reduce((product, key) => mul(product, BigInt(key)), 1n) === 1n)
    throw new DomainError('verifiable.electionKeyOne');
}

/** The trustees in the order of their shares: the order they were added. */
export function trusteesOf(db: Pick<Db, 'select'>, electionId: string) {
  return db
    .select({
      id: electionTrustees.id,
      name: electionTrustees.name,
      publicKey: electionTrustees.publicKey,
      partialDecryption: electionTrustees.partialDecryption,
      createdAt: electionTrustees.createdAt,
    })
    .from(electionTrustees)
    .where(eq(electionTrustees.electionId, electionId))
    .orderBy(asc(electionTrustees.createdAt), asc(electionTrustees.id))
    .all();
}

/** admin.elections.trustees.list: names, keys and whether each has sent their share (never a token). */
export function listTrustees(db: Db, electionId: string) {
  verifiableElection(db, electionId);
  return trusteesOf(db, electionId).map(({ partialDecryption, ...t }) => ({
    ...t,
    shareGiven: partialDecryption !== null,
  }));
}

/** admin.elections.trustees.remove: only while a draft (the setup names every trustee). */
export function removeTrustee(db: Db, input: { electionId: string; id: string }, actorId: string) {
  return db.transaction((tx) => {
    requireDraft(verifiableElection(tx, input.electionId));
    const row = tx
      .delete(electionTrustees)
      .where(
        and(
          eq(electionTrustees.id, input.id),
          eq(electionTrustees.electionId, input.electionId),
          isNull(electionTrustees.partialDecryption),
        ),
      )
      .returning({ id: electionTrustees.id, name: electionTrustees.name })
      .get();
    if (!row) throw new DomainError('verifiable.trusteeNotFound');
    recordAudit(tx, {
      action: 'delete',
      tableName: 'election_trustees',
      recordId: row.id,
      before: row,
      actorId,
    });
    return { id: row.id };
  });
}

/** Where a trustee's part stands: the tally not computed yet, their share awaited, or given. */
export type TrusteeStatus = 'waiting' | 'ready' | 'given';

/**
 * trustees.byToken: what the trustee page needs to compute a share, and no more: the trustee's name, the
 * election (its id, title, and Belenios text), where their part stands, and the encrypted tally once computed.
 * Not the archive: a trustee on a phone need not download every ballot to decrypt their sum.
 */
export function trusteeByToken(db: Db, token: string) {
  const trustee = db
    .select({
      name: electionTrustees.name,
      electionId: electionTrustees.electionId,
      keyValue: electionTrustees.keyValue,
      share: electionTrustees.partialDecryption,
      title: elections.title,
      titleSo: elections.titleSo,
      electionText: verifiableElections.electionText,
    })
    .from(electionTrustees)
    .innerJoin(elections, eq(elections.id, electionTrustees.electionId))
    .leftJoin(verifiableElections, eq(verifiableElections.electionId, electionTrustees.electionId))
    .where(eq(electionTrustees.tokenHash, tokenHash(token)))
    .get();
  if (!trustee) throw new DomainError('verifiable.trusteeTokenUnknown');
  const tally = trustee.electionText === null ? null : encryptedTallyOf(db, trustee.electionId);
  const status: TrusteeStatus = trustee.share !== null ? 'given' : tally ? 'ready' : 'waiting';
  return {
    name: trustee.name,
    electionId: trustee.electionId,
    titleText: textOf(trustee.title, trustee.titleSo),
    status,
    // The public key Codka holds for this trustee (public: it is in the setup), which their page checks their
    // private key against before anything else: a replaced key shows at once, not at the tally.
    publicKey: trustee.keyValue,
    election: trustee.electionText,
    encryptedTally: tally?.tally ?? null,
  };
}
