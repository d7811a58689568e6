import { integer, text } from 'drizzle-orm/sqlite-core';

/** Primary keys are random UUIDs so ids in URLs reveal neither counts nor order. */
export const uuidPk = () =>
  text('id')
    .primaryKey()
    .$defaultFn(() => crypto.randomUUID());

/** Times are stored as integer milliseconds since the epoch. */
export const timestamp = (name: string) => integer(name, { mode: 'timestamp_ms' });

export const createdAt = () =>
  timestamp('created_at')
    .notNull()
    .$defaultFn(() => new Date());
