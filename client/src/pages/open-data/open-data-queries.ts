import type { AppRouter } from '@server/routers/_app';
import type { TRPCOptionsProxy } from '@trpc/tanstack-react-query';

/** The /open-data page's one read: the datasets and the API reference (publicly cached on the server). */
export const catalogueQuery = (trpc: TRPCOptionsProxy<AppRouter>) => trpc.openData.catalogue.queryOptions();
