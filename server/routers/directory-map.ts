import { getMapSettings, getSiteSettings } from '../services/admin/settings';
import { activeCentersForMap } from '../services/centers-map';
import { publicProcedure } from '../trpc/init';

/** Public reads of the admin's map and site settings; spread into the `directory` router. */
export const directoryMapProcedures = {
  /** The configured tiles, centre, zoom and markers, with the active registration centers to plot. */
  mapSettings: publicProcedure.meta({ offline: true }).query(({ ctx }) => ({
    map: getMapSettings(ctx.db),
    centers: activeCentersForMap(ctx.db),
  })),
  /** The site's default theme, for visitors who have not chosen one. */
  siteSettings: publicProcedure.meta({ offline: true }).query(({ ctx }) => getSiteSettings(ctx.db)),
};
