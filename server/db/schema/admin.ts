import type { OpeningHours } from '@shared/opening-hours';
import { DISTRICT_REGIONS } from '@shared/regions';
import { index, integer, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './auth';
import { createdAt, timestamp, uuidPk } from './columns';

export const districts = sqliteTable(
  'districts',
  {
    id: uuidPk(),
    name: text('name').notNull(),
    code: text('code').notNull(),
    region: text('region', { enum: DISTRICT_REGIONS }).notNull(),
    population: integer('population'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('districts_code_unique').on(t.code), index('districts_region_idx').on(t.region)],
);

export const registrationCenters = sqliteTable(
  'registration_centers',
  {
    id: uuidPk(),
    // The English name; '' when only the Somali is given (docs/decisions/021-bilingual-content.md).
    name: text('name').notNull(),
    nameSo: text('name_so').notNull().default(''),
    code: text('code').notNull(),
    address: text('address'),
    districtId: text('district_id').references(() => districts.id, { onDelete: 'set null' }),
    capacity: integer('capacity'),
    latitude: real('latitude'),
    longitude: real('longitude'),
    isActive: integer('is_active', { mode: 'boolean' }).notNull().default(true),
    // JSON of shared/opening-hours.ts OpeningHours ([{ day, opens, closes }], Mogadishu time): what a citizen
    // reads as a whole, never searched; '[]' when the centre gave no hours.
    openingHours: text('opening_hours', { mode: 'json' }).$type<OpeningHours>().notNull().default([]),
    // Closed days and exceptions in words, in English and in Somali (docs/decisions/021-bilingual-content.md).
    hoursNote: text('hours_note'),
    hoursNoteSo: text('hours_note_so'),
    // E.164 (shared/contact-phone.ts) and a lower-case address; null when none.
    phone: text('phone'),
    email: text('email'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('registration_centers_code_unique').on(t.code)],
);

/** Map configuration; the latest row is the one in force (docs/product.md#admin-settings). */
export const newMapSettings = sqliteTable('new_map_settings', {
  id: uuidPk(),
  tileUrl: text('tile_url').notNull(),
  attribution: text('attribution').notNull(),
  defaultZoom: integer('default_zoom').notNull(),
  centerLat: real('center_lat').notNull(),
  centerLng: real('center_lng').notNull(),
  fallbackImageUrl: text('fallback_image_url'),
  // JSON array of { name, latitude, longitude }.
  markers: text('markers').notNull().default('[]'),
  createdAt: createdAt(),
});

export const auditLogs = sqliteTable(
  'audit_logs',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    action: text('action').notNull(),
    tableName: text('table_name').notNull(),
    recordId: text('record_id'),
    // JSON of the values before the change (the fields it changed; the whole record for a delete), never secrets.
    oldValues: text('old_values'),
    // JSON of the values written (never secrets).
    newValues: text('new_values'),
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_logs_created_idx').on(t.createdAt),
    index('audit_logs_table_idx').on(t.tableName, t.action),
  ],
);

/** Site-wide settings that are not map settings: one row, id 1. */
export const siteSettings = sqliteTable('site_settings', {
  id: integer('id').primaryKey(),
  defaultTheme: text('default_theme', { enum: ['light', 'dark', 'system'] })
    .notNull()
    .default('system'),
  updatedAt: timestamp('updated_at')
    .notNull()
    .$defaultFn(() => new Date()),
});
