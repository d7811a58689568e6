/**
 * What a Belenios ballot costs on this machine: one 2048-bit modular exponentiation with a 256-bit exponent by
 * each engine, then encrypting and verifying a five-candidate ballot. Run: `npx tsx scripts/belenios-modexp-bench.ts`
 * (add `--engine=openssl` to verify through node:crypto's OpenSSL). docs/decisions/023-belenios-format.md
 * records the figures.
 */

import { opensslPowMod } from '../server/belenios/openssl-modexp.ts';
import { P, powG, Q, randomExponent } from '../shared/belenios/group.ts';
import {
  encryptBallot,
  generateCredential,
  generateTrusteeKey,
  generateUuid,
  makeElection,
  parseElection,
  parsePublicCredentials,
  parseTrusteePublicKey,
  publicCredential,
  publicCredentialsJson,
  setModularExponentiation,
  verifyBallot,
} from '../shared/belenios/index.ts';
import { FixedBase, powModNative } from '../shared/belenios/modexp.ts';

/**
 * Operations per second of CPU time (the process's user and system time, as `openssl speed` counts): a machine
 * shared with other work would otherwise measure its load, not the code.
 */
function rate(label: string, seconds: number, run: () => void): number {
  let n = 0;
  const start = process.cpuUsage();
  const cpuSeconds = () => {
    const used = process.cpuUsage(start);
    return (used.user + used.system) / 1e6;
  };
  while (cpuSeconds() < seconds) {
    run();
    n++;
  }
  const perSecond = n / cpuSeconds();
  console.log(
    `${label.padEnd(58)} ${perSecond.toFixed(1).padStart(9)} /s  ${(1000 / perSecond).toFixed(3)} ms`,
  );
  return perSecond;
}

const base = powG(randomExponent());
const exponent = randomExponent();
console.log(`Node ${process.version}; p ${P.toString(2).length} bits, q ${Q.toString(2).length} bits`);
rate('native BigInt, 4-bit window (variable base)', 3, () => powModNative(base, exponent, P));
rate('node:crypto OpenSSL via Diffie-Hellman (variable base)', 3, () => opensslPowMod(base, exponent));
const table = new FixedBase(base, P, 256);
rate('native BigInt, fixed-base table (g, election key)', 3, () => table.pow(exponent));
rate('table build for one base', 3, () => new FixedBase(base, P, 256));

const key = generateTrusteeKey();
const uuid = generateUuid();
const credential = generateCredential();
const texts = makeElection({
  uuid,
  name: 'Bench',
  description: 'Bench',
  questions: [{ question: 'Who?', answers: ['A', 'B', 'C', 'D', 'E'], min: 1, max: 1 }],
  trustees: [parseTrusteePublicKey(key.publicKey)],
});
const election = parseElection(texts.election);
const credentials = parsePublicCredentials(publicCredentialsJson([publicCredential(uuid, credential)]));
const choice = [[0, 0, 1, 0, 0]];
const ballot = encryptBallot(election, credential, choice).ballot;
rate('encrypt a five-candidate ballot (native)', 5, () => encryptBallot(election, credential, choice));
rate('verify a five-candidate ballot (native)', 5, () => verifyBallot(ballot, election, credentials));
setModularExponentiation(opensslPowMod);
rate('verify a five-candidate ballot (OpenSSL variable base)', 5, () =>
  verifyBallot(ballot, election, credentials),
);
