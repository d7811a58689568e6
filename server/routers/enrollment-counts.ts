import { enrollmentCounts } from '../services/voter-roll/counts';
import { publicProcedure } from '../trpc/init';

/**
 * Enrolled voters per region and in all: public, the same for every visitor (cached), and kept for offline
 * reading. The roll itself never leaves the staff console.
 */
export const countsByRegion = publicProcedure
  .meta({ publicCache: true, offline: true })
  .query(({ ctx }) => enrollmentCounts(ctx.db));
