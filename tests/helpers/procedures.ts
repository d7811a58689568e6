import { appRouter } from '@server/routers/_app';
import type { AnyProcedure, AnyRouter } from '@trpc/server';

/** Every procedure path of the app router ("admin.districts.create", ...), read from the router itself. */
export function procedurePaths(router: AnyRouter = appRouter): string[] {
  return Object.keys(router._def.procedures as Record<string, AnyProcedure>).sort();
}

/** Calls a procedure by its dotted path on a caller. */
export function callByPath(caller: unknown, path: string, input: unknown): Promise<unknown> {
  const target = path
    .split('.')
    .reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], caller);
  return (target as (input: unknown) => Promise<unknown>)(input);
}
