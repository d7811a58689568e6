import type { settingsInput } from '@shared/schemas/admin';
import { desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { newMapSettings, siteSettings } from '../../db/schema';
import { recordAudit } from '../audit';

export interface MapMarker {
  name: string;
  latitude: number;
  longitude: number;
}

const DEFAULT_MAP = {
  tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  attribution: '© OpenStreetMap contributors',
  defaultZoom: 6,
  centerLat: 5.2,
  centerLng: 46.2,
  fallbackImageUrl: null as string | null,
  markers: [] as MapMarker[],
};

function parseMarkers(json: string): MapMarker[] {
  try {
    const value = JSON.parse(json) as unknown;
    return Array.isArray(value) ? (value as MapMarker[]) : [];
  } catch {
    return [];
  }
}

/**
 * The map configuration in force: the latest row, or defaults before any is saved (docs/product.md#admin-settings).
 */
export function getMapSettings(db: Pick<Db, 'select'>) {
  const row = db.select().from(newMapSettings).orderBy(desc(newMapSettings.createdAt)).limit(1).get();
  if (!row) return { id: null, ...DEFAULT_MAP };
  return {
    id: row.id,
    tileUrl: row.tileUrl,
    attribution: row.attribution,
    defaultZoom: row.defaultZoom,
    centerLat: row.centerLat,
    centerLng: row.centerLng,
    fallbackImageUrl: row.fallbackImageUrl,
    markers: parseMarkers(row.markers),
  };
}

export function getSiteSettings(db: Pick<Db, 'select'>) {
  const row = db
    .select({ defaultTheme: siteSettings.defaultTheme })
    .from(siteSettings)
    .where(eq(siteSettings.id, 1))
    .get();
  return { defaultTheme: row?.defaultTheme ?? 'system' };
}

export function getSettings(db: Pick<Db, 'select'>) {
  return { map: getMapSettings(db), site: getSiteSettings(db) };
}

/** Updates the latest map settings row in place (docs/product.md#admin-settings) and the site's default theme. */
export function saveSettings(db: Db, input: z.output<typeof settingsInput>, actorId: string) {
  const { defaultTheme, markers, ...map } = input;
  return db.transaction((tx) => {
    const current = getMapSettings(tx);
    const before = { ...current, ...getSiteSettings(tx) };
    const values = { ...map, markers: JSON.stringify(markers) };
    let id = current.id;
    if (id) tx.update(newMapSettings).set(values).where(eq(newMapSettings.id, id)).run();
    else id = tx.insert(newMapSettings).values(values).returning({ id: newMapSettings.id }).get().id;
    tx.insert(siteSettings)
      .values({ id: 1, defaultTheme, updatedAt: new Date() })
      .onConflictDoUpdate({ target: siteSettings.id, set: { defaultTheme, updatedAt: new Date() } })
      .run();
    recordAudit(tx, {
      action: 'update',
      tableName: 'new_map_settings',
      recordId: id,
      newValues: input,
      before,
      actorId,
    });
    return getSettings(tx);
  });
}
