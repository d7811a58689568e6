import { MEMBER_TYPES, PHOTO_JOB_STATUSES, PHOTO_JOB_TYPES, PHOTO_STATUSES } from '@shared/member-photos';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './auth';
import { createdAt, timestamp, uuidPk } from './columns';

export const memberPhotos = sqliteTable(
  'member_photos',
  {
    id: uuidPk(),
    // A house_members or senators id, told apart by member_type.
    memberId: text('member_id').notNull(),
    memberName: text('member_name').notNull(),
    memberType: text('member_type', { enum: MEMBER_TYPES }).notNull(),
    sourceUrl: text('source_url'),
    webpUrl: text('webp_url'),
    originalUrl: text('original_url'),
    manualOverrideUrl: text('manual_override_url'),
    altText: text('alt_text'),
    processingStatus: text('processing_status', { enum: PHOTO_STATUSES }).notNull().default('pending'),
    // Seconds since the epoch; appended as ?v= so browsers refetch a changed photo.
    photoVersion: integer('photo_version').notNull().default(0),
    errorMessage: text('error_message'),
    updatedAt: timestamp('updated_at')
      .notNull()
      .$defaultFn(() => new Date()),
  },
  (t) => [
    uniqueIndex('member_photos_member_unique').on(t.memberId, t.memberType),
    index('member_photos_updated_idx').on(t.updatedAt),
  ],
);

export const photoProcessingJobs = sqliteTable(
  'photo_processing_jobs',
  {
    id: uuidPk(),
    jobType: text('job_type', { enum: PHOTO_JOB_TYPES }).notNull(),
    status: text('status', { enum: PHOTO_JOB_STATUSES }).notNull().default('pending'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    startedAt: timestamp('started_at'),
    completedAt: timestamp('completed_at'),
    totalMembers: integer('total_members').notNull().default(0),
    processedMembers: integer('processed_members').notNull().default(0),
    successfulUpdates: integer('successful_updates').notNull().default(0),
    failedUpdates: integer('failed_updates').notNull().default(0),
    unmatchedMembers: integer('unmatched_members').notNull().default(0),
    // JSON array of error strings.
    errorLog: text('error_log').notNull().default('[]'),
    // JSON array of the member_photos rows this job wrote, as a finished job reports them
    // (docs/product.md#member-photo-rules).
    updatedMembers: text('updated_members').notNull().default('[]'),
  },
  (t) => [index('photo_jobs_created_idx').on(t.createdAt)],
);

/** An admin's mapping from a name as the source spells it to one House member or senator. */
export const nameAliases = sqliteTable(
  'name_aliases',
  {
    id: uuidPk(),
    scrapedName: text('scraped_name').notNull(),
    // The scraped name after normaliseMemberName (shared/member-names.ts): what matching compares.
    normalisedName: text('normalised_name').notNull(),
    memberId: text('member_id').notNull(),
    memberType: text('member_type', { enum: MEMBER_TYPES }).notNull(),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('name_aliases_name_unique').on(t.normalisedName, t.memberType)],
);
