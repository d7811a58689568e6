import type { AnyTRPCProcedure } from '@trpc/server';
import type { ZodType } from 'zod';
import type { ProcedurePolicy } from '../trpc/init';
import { appRouter } from './_app';

type PolicyFlag = keyof ProcedurePolicy;

/**
 * Every procedure by its dotted path, walked once from the router's typed record (`_def.record`, tRPC's public
 * `TRPCRouterDef`): nested routers are plain records, procedures carry `_def.procedure`. Their policy is the
 * procedure's public `meta`; its kind and input parsers are `_def.type` and `_def.inputs`.
 */
function walk(record: object, prefix: string, into: Map<string, AnyTRPCProcedure>) {
  for (const [name, value] of Object.entries(record)) {
    if (isProcedure(value)) into.set(`${prefix}${name}`, value);
    else if (value && typeof value === 'object') walk(value, `${prefix}${name}.`, into);
  }
  return into;
}
const isProcedure = (value: unknown): value is AnyTRPCProcedure =>
  typeof value === 'function' && (value as Partial<AnyTRPCProcedure>)._def?.procedure === true;

const procedures = walk(appRouter._def.record, '', new Map());

/** The policy a procedure declared in its `.meta()`, or undefined for a name that is not a procedure. */
export function procedurePolicy(path: string): ProcedurePolicy | undefined {
  const procedure = procedures.get(path);
  return procedure ? ((procedure.meta as ProcedurePolicy | undefined) ?? {}) : undefined;
}

/** Every procedure path whose policy sets `flag` (to true, or to a value such as a cacheByVote), sorted. */
export function proceduresWith(flag: PolicyFlag): string[] {
  return [...procedures.keys()].filter((path) => Boolean(procedurePolicy(path)?.[flag])).sort();
}

/** Every procedure path, sorted: for the tests that check no other list of names exists. */
export function procedurePaths(): string[] {
  return [...procedures.keys()].sort();
}

/** Whether the path names a query (GET), a mutation (POST) or nothing. */
export function procedureType(path: string): 'query' | 'mutation' | undefined {
  const type = procedures.get(path)?._def.type;
  return type === 'query' || type === 'mutation' ? type : undefined;
}

/**
 * Parses a raw input the way the procedure itself will (its zod schema), so two spellings of one input
 * (reordered keys, re-encoded characters) come out the same. Throws what the schema throws.
 */
export async function parseProcedureInput(path: string, raw: unknown): Promise<unknown> {
  // Every procedure's .input() is a zod schema from shared/ (docs/architecture.md#layers).
  const inputs = (procedures.get(path)?._def.inputs ?? []) as unknown as ZodType[];
  if (inputs.length === 0) return undefined;
  // As tRPC does with stacked .input() schemas: each parses the raw input, the objects are merged.
  const parsed = await Promise.all(inputs.map((schema) => schema.parseAsync(raw)));
  return parsed.length === 1 ? parsed[0] : Object.assign({}, ...parsed);
}
