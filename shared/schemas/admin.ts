import { z } from 'zod';
import { label, message } from '../i18n/error-messages';
import { DISTRICT_REGIONS } from '../regions';
import { STAFF_ROLES } from '../roles';
import { secondFactorCode } from './account';
import { idSchema, optionalText, requiredText, urlOrPath } from './common';
import { isRealDate } from './voter-roll';

export const adminMessages = {
  districtMissing: 'validation.districtMissing',
  fullNameRequired: 'validation.fullNameRequired',
  candidateNameRequired: 'validation.candidateNameRequired',
  bothCredentials: 'validation.bothCredentials',
} as const;

const population = z
  .number({ error: 'validation.populationWhole' })
  .int('validation.populationWhole')
  .min(0, 'validation.populationNegative')
  .max(100_000_000, 'validation.populationTooLarge')
  .nullish()
  .transform((value) => value ?? null);

/** Name, code and region required; population an optional integer (docs/product.md#district-and-center-forms). */
export const districtInput = z.strictObject({
  name: requiredText(100, adminMessages.districtMissing, 'name'),
  code: requiredText(20, adminMessages.districtMissing, 'code').transform((code) => code.toUpperCase()),
  region: z.enum(DISTRICT_REGIONS, { error: adminMessages.districtMissing }),
  population,
});
export const districtUpdateInput = districtInput.extend({ id: idSchema });

export const setActiveInput = z.strictObject({ id: idSchema, isActive: z.boolean() });

/**
 * Name required; party, bio, image, position optional and stored null when empty (docs/product.md#candidate-form).
 */
export const candidateInput = z.strictObject({
  electionId: idSchema,
  name: requiredText(150, adminMessages.candidateNameRequired, 'name'),
  // Each text a citizen reads in English and in Somali (docs/decisions/021-bilingual-content.md).
  party: optionalText(150, 'party'),
  partySo: optionalText(150, 'party'),
  positionSought: optionalText(150, 'position'),
  positionSoughtSo: optionalText(150, 'position'),
  bio: optionalText(2000, 'bio'),
  bioSo: optionalText(2000, 'bio'),
  imageUrl: urlOrPath('imageUrl'),
  imageAlt: optionalText(300, 'imageDescription'),
  imageAltSo: optionalText(300, 'imageDescription'),
});
export const candidateUpdateInput = candidateInput.omit({ electionId: true }).extend({ id: idSchema });

export const userUpdateInput = z.strictObject({
  id: idSchema,
  fullName: requiredText(100, adminMessages.fullNameRequired, 'fullName'),
  phone: optionalText(30, 'phone'),
  role: z.enum(STAFF_ROLES, { error: 'validation.role' }).nullable(),
  isActive: z.boolean(),
});

/** The registration centers a Registrar works at; `userId` is the account's id. */
export const STAFF_CENTERS_MAX = 100;
export const userCentersInput = z.strictObject({ userId: idSchema });
export const setUserCentersInput = z.strictObject({
  userId: idSchema,
  centerIds: z
    .array(idSchema)
    .max(STAFF_CENTERS_MAX, message('staffCenters.tooMany', { max: STAFF_CENTERS_MAX })),
});

export const mapMarkerSchema = z.strictObject({
  name: requiredText(100, 'validation.markerNameRequired', 'markerName'),
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
});

export const THEME_CHOICES = ['light', 'dark', 'system'] as const;

/** Zoom 1 to 18; coordinates step 0.1 in the form (docs/product.md#map-settings-form). */
export const settingsInput = z.strictObject({
  tileUrl: z
    .string()
    .trim()
    .max(500, 'validation.tileUrlTooLong')
    .regex(/^https:\/\/[^\s]+\{z\}[^\s]*\{x\}[^\s]*\{y\}[^\s]*$/, 'validation.tileUrlFormat'),
  attribution: requiredText(300, 'validation.attributionRequired', 'attribution'),
  defaultZoom: z.number().int('validation.zoomWhole').min(1, 'validation.zoom').max(18, 'validation.zoom'),
  centerLat: z
    .number()
    .min(-90, message('validation.between', { label: label('latitude'), min: -90, max: 90 }))
    .max(90, message('validation.between', { label: label('latitude'), min: -90, max: 90 })),
  centerLng: z
    .number()
    .min(-180, message('validation.between', { label: label('longitude'), min: -180, max: 180 }))
    .max(180, message('validation.between', { label: label('longitude'), min: -180, max: 180 })),
  fallbackImageUrl: urlOrPath('fallbackImageUrl'),
  markers: z.array(mapMarkerSchema).max(100, 'validation.tooManyMarkers'),
  defaultTheme: z.enum(THEME_CHOICES),
});

/** A day of the audit log's date filter, 'YYYY-MM-DD' in East Africa Time. */
const auditDay = z
  .string()
  .trim()
  .max(10, 'validation.auditDate')
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.auditDate')
  .refine(isRealDate, 'validation.auditDate');

/** What the audit log is filtered by: the page's filters and the CSV export's query are the same. */
const auditLogFilterShape = {
  tableName: z.string().trim().max(60, 'validation.auditFilterTooLong').optional(),
  action: z.string().trim().max(60, 'validation.auditFilterTooLong').optional(),
  actorId: idSchema.optional(),
  recordId: z.string().trim().max(100, 'validation.auditFilterTooLong').optional(),
  from: auditDay.optional(),
  to: auditDay.optional(),
};
const daysInOrder = (filters: { from?: string; to?: string }) =>
  !filters.from || !filters.to || filters.from <= filters.to;

export const auditLogFilterInput = z
  .strictObject(auditLogFilterShape)
  .refine(daysInOrder, { message: 'validation.auditDateOrder', path: ['to'] });

export const auditLogInput = z
  .strictObject({
    ...auditLogFilterShape,
    cursor: z.number().int().positive().optional(),
    // tRPC's infinite queries add the paging direction to the input; only forward paging is served.
    direction: z.enum(['forward', 'backward']).optional(),
    limit: z.number().int().min(1).max(100).default(50),
  })
  .refine(daysInOrder, { message: 'validation.auditDateOrder', path: ['to'] });

/** The dashboard's step-up form (docs/product.md#step-up): the admin's own email and password again. */
export const dashboardUnlockInput = z.strictObject({
  username: z.string().trim().max(254).pipe(z.string().min(1, adminMessages.bothCredentials)),
  password: z.string().max(256).pipe(z.string().min(1, adminMessages.bothCredentials)),
  // Asked only of admins with two-factor sign-in (admin.dashboard.status says so).
  code: secondFactorCode.optional(),
});
