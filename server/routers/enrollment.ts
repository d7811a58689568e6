import { router } from '../trpc/init';
import { countsByRegion } from './enrollment-counts';

export const enrollmentRouter = router({
  /** Enrolled voters per region and the total (the /regions and /registration-centers pages). */
  countsByRegion,
});
