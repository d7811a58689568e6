import type { ZodType } from 'zod';
import type { ProcedurePolicy } from '../trpc/init';
import { appRouter } from './_app';

type PolicyFlag = keyof ProcedurePolicy;

interface ProcedureDef {
  _def: { meta?: ProcedurePolicy; type: 'query' | 'mutation' | 'subscription' };
}

// tRPC keeps every procedure of a router in a flat record keyed by its dotted path.
const procedures = appRouter._def.procedures as unknown as Record<string, ProcedureDef>;

/** The policy a procedure declared in its `.meta()`, or undefined for a name that is not a procedure. */
export function procedurePolicy(path: string): ProcedurePolicy | undefined {
  const procedure = Object.hasOwn(procedures, path) ? procedures[path] : undefined;
  return procedure ? (procedure._def.meta ?? {}) : undefined;
}

/** Every procedure path whose policy sets `flag`, sorted. */
export function proceduresWith(flag: PolicyFlag): string[] {
  return Object.keys(procedures)
    .filter((path) => procedures[path]?._def.meta?.[flag] === true)
    .sort();
}

/** Whether the path names a query (GET), a mutation (POST) or nothing. */
export function procedureType(path: string): 'query' | 'mutation' | undefined {
  const type = Object.hasOwn(procedures, path) ? procedures[path]?._def.type : undefined;
  return type === 'query' || type === 'mutation' ? type : undefined;
}

/**
 * Parses a raw input the way the procedure itself will (its zod schema), so two spellings of one input
 * (reordered keys, re-encoded characters) come out the same. Throws what the schema throws.
 */
export async function parseProcedureInput(path: string, raw: unknown): Promise<unknown> {
  const procedure = Object.hasOwn(procedures, path) ? procedures[path] : undefined;
  // Every procedure's .input() is a zod schema from shared/ (ARCHITECTURE §4).
  const inputs = (procedure?._def as { inputs?: ZodType[] } | undefined)?.inputs ?? [];
  if (inputs.length === 0) return undefined;
  // As tRPC does with stacked .input() schemas: each parses the raw input, the objects are merged.
  const parsed = await Promise.all(inputs.map((schema) => schema.parseAsync(raw)));
  return parsed.length === 1 ? parsed[0] : Object.assign({}, ...parsed);
}
