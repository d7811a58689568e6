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
