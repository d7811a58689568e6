import { byIdInput } from '@shared/schemas/common';
import {
  memberPhotosInput,
  memberRefInput,
  nameAliasInput,
  photoJobsInput,
  setOverrideInput,
  startJobInput,
} from '@shared/schemas/photos';
import { photoJobConfig } from '../jobs/photo-refresh/config';
import { photoRefreshLauncher } from '../jobs/photo-refresh/runner';
import { clearManualOverride, listMemberPhotos, setManualOverride } from '../services/photos/member-photos';
import {
  aliasMemberChoices,
  createNameAlias,
  deleteNameAlias,
  listNameAliases,
} from '../services/photos/name-aliases';
import {
  listPhotoJobs,
  photoJobDetails,
  recentPhotoJobs,
  startPhotoJob,
} from '../services/photos/photo-jobs';
import type { Context } from '../trpc/context';
import { adminProcedure, router } from '../trpc/init';

const overrideDeps = (ctx: Context) => ({
  db: ctx.db,
  uploadsDir: ctx.env.UPLOADS_DIR,
  sourceUrls: [ctx.env.PARLIAMENT_SOURCE_URL, ctx.env.SENATE_SOURCE_URL],
});

/** Name aliases: how an admin tells the photo job that a scraped spelling is one member. */
const aliasesRouter = router({
  list: adminProcedure.query(({ ctx }) => listNameAliases(ctx.db)),
  memberChoices: adminProcedure.query(({ ctx }) => aliasMemberChoices(ctx.db)),
  create: adminProcedure
    .meta({ stepUp: true })
    .input(nameAliasInput)
    .mutation(({ ctx, input }) => createNameAlias(ctx.db, input, ctx.user.id)),
  delete: adminProcedure
    .meta({ stepUp: true })
    .input(byIdInput)
    .mutation(({ ctx, input }) => deleteNameAlias(ctx.db, input.id, ctx.user.id)),
});

/** Member photos and their refresh jobs; System Admins only. */
export const photosRouter = router({
  /** Every member with their photo and its status, filtered, newest update first. */
  members: adminProcedure.input(memberPhotosInput).query(({ ctx, input }) => listMemberPhotos(ctx.db, input)),
  setOverride: adminProcedure
    .meta({ stepUp: true })
    .input(setOverrideInput)
    .mutation(({ ctx, input }) => setManualOverride(overrideDeps(ctx), input, ctx.user.id)),
  clearOverride: adminProcedure
    .meta({ stepUp: true })
    .input(memberRefInput)
    .mutation(({ ctx, input }) => clearManualOverride(overrideDeps(ctx), input, ctx.user.id)),
  /** Starts a refresh or missing-only job in the background; CONFLICT while one is running. */
  startJob: adminProcedure
    .meta({ stepUp: true })
    .input(startJobInput)
    .mutation(({ ctx, input }) =>
      startPhotoJob(
        { db: ctx.db, launcher: photoRefreshLauncher(photoJobConfig(ctx.env), ctx.log) },
        input.jobType,
        ctx.user.id,
      ),
    ),
  /** The latest 5 jobs with their counters (polled while one runs). */
  recentJobs: adminProcedure.query(({ ctx }) => recentPhotoJobs(ctx.db)),
  jobs: adminProcedure.input(photoJobsInput).query(({ ctx, input }) => listPhotoJobs(ctx.db, input.page)),
  /** One job's whole error log and its result as a finished job reports it (docs/product.md#member-photo-rules). */
  job: adminProcedure.input(byIdInput).query(({ ctx, input }) => photoJobDetails(ctx.db, input.id)),
  aliases: aliasesRouter,
});
