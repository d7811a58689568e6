import { openDataCatalogue } from '../services/open-data/catalogue';
import { publicProcedure, router } from '../trpc/init';

export const openDataRouter = router({
  /** /open-data: the datasets with their licence, sizes and last change, and the API reference. */
  catalogue: publicProcedure
    .meta({ publicCache: true, offline: true })
    .query(({ ctx }) => openDataCatalogue({ db: ctx.db, env: ctx.env })),
});
