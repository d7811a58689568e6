import { HOUSE_REGIONS, SENATE_STATES } from '@shared/regions';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { uuidPk } from './columns';

/** House of the People (275 seats). Kept in the database so admins and photo jobs can refer to members. */
export const houseMembers = sqliteTable(
  'house_members',
  {
    id: uuidPk(),
    hopNumber: text('hop_number').notNull(),
    name: text('name').notNull(),
    region: text('region', { enum: HOUSE_REGIONS }).notNull(),
    email: text('email'),
    phone: text('phone'),
    birthDate: text('birth_date'),
    imageUrl: text('image_url'),
    description: text('description'),
    // Generated entries standing in for seats whose member is not yet loaded.
    isPlaceholder: integer('is_placeholder', { mode: 'boolean' }).notNull().default(false),
  },
  (t) => [
    uniqueIndex('house_members_hop_unique').on(t.hopNumber),
    index('house_members_region_idx').on(t.region),
  ],
);

export const senators = sqliteTable(
  'senators',
  {
    id: uuidPk(),
    name: text('name').notNull(),
    title: text('title').notNull(),
    state: text('state', { enum: SENATE_STATES }).notNull(),
    role: text('role'),
    imageUrl: text('image_url'),
    isPlaceholder: integer('is_placeholder', { mode: 'boolean' }).notNull().default(false),
  },
  (t) => [uniqueIndex('senators_name_state_unique').on(t.name, t.state)],
);
