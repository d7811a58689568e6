import { createDiffieHellman, type DiffieHellman } from 'node:crypto';
import { P } from '@shared/belenios/group';
import { powModNative } from '@shared/belenios/modexp';

/**
 * base^exponent mod p by OpenSSL, through node:crypto's Diffie-Hellman: with p as the prime, the exponent as
 * the private key and the base as the other side's public key, computeSecret is exactly base^exponent mod p,
 * computed by OpenSSL's audited Montgomery exponentiation instead of JavaScript BigInt. OpenSSL refuses 1 and
 * p - 1 as public keys and as results; those (and the trivial exponents) are computed natively.
 */
const P_BYTES = Buffer.from(P.toString(16).padStart(512, '0'), 'hex');

let dh: DiffieHellman | undefined;

function toBuffer(x: bigint): Buffer {
  const hex = x.toString(16);
  return Buffer.from(hex.length % 2 === 0 ? hex : `0${hex}`, 'hex');
}

export function opensslPowMod(base: bigint, exponent: bigint): bigint {
  if (exponent < 2n || base <= 1n || base >= P - 1n) return powModNative(base, exponent, P);
  // One object for the process: creating one checks the prime, which costs more than many exponentiations.
  dh ??= createDiffieHellman(P_BYTES, 2);
  dh.setPrivateKey(toBuffer(exponent));
  try {
    return BigInt(`0x${dh.computeSecret(toBuffer(base)).toString('hex')}`);
  } catch {
    // OpenSSL refuses a shared secret of 1 or p - 1, which are still correct powers.
    return powModNative(base, exponent, P);
  }
}
