import { appRouter } from '@server/routers/_app';
import type { AnyProcedure, AnyRouter } from '@trpc/server';
import type { ZodType } from 'zod';

const router: AnyRouter = appRouter;
const procedures = router._def.procedures as Record<string, AnyProcedure>;

/** 'query' or 'mutation', read from the router. */
export function procedureType(path: string): string | undefined {
  return procedures[path]?._def.type;
}

/** The zod schema a procedure parses its input with, or undefined for a procedure without input. */
export function inputSchema(path: string): ZodType | undefined {
  const def = procedures[path]?._def as { inputs?: unknown[] } | undefined;
  return def?.inputs?.[0] as ZodType | undefined;
}
