import { z } from 'zod';
import { DISTRICT_REGIONS } from '../regions';
import { STAFF_ROLES } from '../roles';
import { secondFactorCode } from './account';
import { idSchema, optionalText, requiredText, urlOrPath } from './common';

export const adminMessages = {
  districtMissing: 'Please provide name, code, and region.',
  fullNameRequired: 'Full name is required',
  candidateNameRequired: 'Candidate name is required',
  bothCredentials: 'Please enter both email and password',
} as const;

const population = z
  .number({ error: 'Population must be a whole number' })
  .int('Population must be a whole number')
  .min(0, 'Population cannot be negative')
  .max(100_000_000, 'Population is too large')
  .nullish()
  .transform((value) => value ?? null);

/** SPEC §5: name, code and region required; population an optional integer. */
export const districtInput = z.strictObject({
  name: requiredText(100, adminMessages.districtMissing, 'Name'),
  code: requiredText(20, adminMessages.districtMissing, 'Code').transform((code) => code.toUpperCase()),
  region: z.enum(DISTRICT_REGIONS, { error: adminMessages.districtMissing }),
  population,
});
export const districtUpdateInput = districtInput.extend({ id: idSchema });

const coordinate = (min: number, max: number, label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .min(min, `${label} must be between ${min} and ${max}`)
    .max(max, `${label} must be between ${min} and ${max}`)
    .nullish()
    .transform((value) => value ?? null);

export const centerInput = z.strictObject({
  name: requiredText(150, 'Center name is required', 'Name'),
  code: requiredText(30, 'Center code is required', 'Code').transform((code) => code.toUpperCase()),
  address: optionalText(300, 'Address'),
  districtId: idSchema.nullish().transform((value) => value ?? null),
  capacity: z
    .number({ error: 'Capacity must be a whole number' })
    .int('Capacity must be a whole number')
    .min(0, 'Capacity cannot be negative')
    .max(1_000_000, 'Capacity is too large')
    .nullish()
    .transform((value) => value ?? null),
  latitude: coordinate(-90, 90, 'Latitude'),
  longitude: coordinate(-180, 180, 'Longitude'),
  isActive: z.boolean().default(true),
});
export const centerUpdateInput = centerInput.extend({ id: idSchema });
export const setActiveInput = z.strictObject({ id: idSchema, isActive: z.boolean() });

/** SPEC §5: name required; party, bio, image, position optional and stored null when empty. */
export const candidateInput = z.strictObject({
  electionId: idSchema,
  name: requiredText(150, adminMessages.candidateNameRequired, 'Name'),
  party: optionalText(150, 'Party'),
  positionSought: optionalText(150, 'Position'),
  bio: optionalText(2000, 'Bio'),
  imageUrl: urlOrPath('Image URL'),
  imageAlt: optionalText(300, 'Image description'),
});
export const candidateUpdateInput = candidateInput.omit({ electionId: true }).extend({ id: idSchema });

export const userUpdateInput = z.strictObject({
  id: idSchema,
  fullName: requiredText(100, adminMessages.fullNameRequired, 'Full name'),
  phone: optionalText(30, 'Phone'),
  role: z.enum(STAFF_ROLES, { error: 'Choose a valid role' }).nullable(),
  isActive: z.boolean(),
});

export const mapMarkerSchema = z.strictObject({
  name: requiredText(100, 'Marker name is required', 'Marker name'),
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
});

export const THEME_CHOICES = ['light', 'dark', 'system'] as const;

/** SPEC §5: zoom 1 to 18; coordinates step 0.1 in the form. */
export const settingsInput = z.strictObject({
  tileUrl: z
    .string()
    .trim()
    .max(500, 'Tile URL is too long')
    .regex(
      /^https:\/\/[^\s]+\{z\}[^\s]*\{x\}[^\s]*\{y\}[^\s]*$/,
      'Tile URL must be https and contain {z}, {x} and {y}',
    ),
  attribution: requiredText(300, 'Attribution is required', 'Attribution'),
  defaultZoom: z
    .number()
    .int('Zoom must be a whole number')
    .min(1, 'Zoom must be from 1 to 18')
    .max(18, 'Zoom must be from 1 to 18'),
  centerLat: z
    .number()
    .min(-90, 'Latitude must be between -90 and 90')
    .max(90, 'Latitude must be between -90 and 90'),
  centerLng: z
    .number()
    .min(-180, 'Longitude must be between -180 and 180')
    .max(180, 'Longitude must be between -180 and 180'),
  fallbackImageUrl: urlOrPath('Fallback image URL'),
  markers: z.array(mapMarkerSchema).max(100, 'At most 100 markers'),
  defaultTheme: z.enum(THEME_CHOICES),
});

export const auditLogInput = z.strictObject({
  tableName: z.string().trim().max(60).optional(),
  action: z.string().trim().max(60).optional(),
  cursor: z.number().int().positive().optional(),
  // tRPC's infinite queries add the paging direction to the input; only forward paging is served.
  direction: z.enum(['forward', 'backward']).optional(),
  limit: z.number().int().min(1).max(100).default(50),
});

/** The dashboard's step-up form (ARCHITECTURE §7): the admin's own email and password again. */
export const dashboardUnlockInput = z.strictObject({
  username: z.string().trim().max(254).pipe(z.string().min(1, adminMessages.bothCredentials)),
  password: z.string().max(256).pipe(z.string().min(1, adminMessages.bothCredentials)),
  // Asked only of admins with two-factor sign-in (admin.dashboard.status says so).
  code: secondFactorCode.optional(),
});
