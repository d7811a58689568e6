import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import { createCallerFactory, router } from '../trpc/init';
import { authRouter } from './auth';

export const appRouter = router({
  auth: authRouter,
});

export type AppRouter = typeof appRouter;
export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;
export const createCaller = createCallerFactory(appRouter);
