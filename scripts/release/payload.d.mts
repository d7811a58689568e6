// Types for payload.mjs, which tests import to build a small release payload.
import type { Manifest } from '../../server/release/unpack';

export function filesUnder(folder: string, keep?: (path: string) => boolean): [string, string][];
export function buildPayload(
  entries: [string, string][],
  version: string,
): { manifest: Manifest; payload: Buffer };
