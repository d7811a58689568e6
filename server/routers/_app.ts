import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import { createCallerFactory, router } from '../trpc/init';
import { adminRouter } from './admin';
import { authRouter } from './auth';
import { directoryRouter } from './directory';
import { electionsRouter } from './elections';
import { enrollmentRouter } from './enrollment';
import { openDataRouter } from './open-data';
import { photosRouter } from './photos';
import { pollsRouter } from './polls';
import { registrarRouter } from './registrar';
import { staffRouter } from './staff';
import { supervisorRouter } from './supervisor';
import { trusteesRouter } from './trustees';
import { votesRouter } from './votes';

export const appRouter = router({
  auth: authRouter,
  elections: electionsRouter,
  votes: votesRouter,
  polls: pollsRouter,
  directory: directoryRouter,
  admin: adminRouter,
  photos: photosRouter,
  enrollment: enrollmentRouter,
  registrar: registrarRouter,
  supervisor: supervisorRouter,
  staff: staffRouter,
  openData: openDataRouter,
  trustees: trusteesRouter,
});

export type AppRouter = typeof appRouter;
export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;
export const createCaller = createCallerFactory(appRouter);
