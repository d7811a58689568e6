import { createHash } from 'node:crypto';
import type { DatasetFormat, DatasetName } from '@shared/schemas/open-data';
import type { Db } from '../../db/client';
import type { OpenDataSource } from './collections';
import { datasetCsv } from './csv';
import { COLLECTIONS, type CollectionName, DATASETS, type DatasetDefinition } from './datasets';

/**
 * How long a read of the data is reused: the public cache's 2 seconds (server/http/public-cache.ts), and the
 * same emptying by every write through this server (`invalidate`, wired in app.ts). A flood of API reads
 * then costs one read of the database per collection every 2 seconds, whatever its size.
 */
export const SNAPSHOT_TTL_MS = 2000;

interface Snapshot {
  items: unknown[];
  fingerprint: string;
  /** When this server first saw the collection as it is now (see `lastChanged` below). */
  lastChanged: Date;
  takenAt: number;
}

export interface DatasetFile {
  body: string;
  etag: string;
  lastChanged: Date;
  bytes: number;
}

export const etagOf = (body: string) =>
  `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;

const fingerprintOf = (items: unknown[]) =>
  createHash('sha256').update(JSON.stringify(items)).digest('base64url');

/**
 * The open data of one site: its collections read through the pages' own services, and the dataset files
 * made from them. "Last changed" is the moment this server first read a collection as it is now: the
 * database keeps no change time for most of it (members, centers, the roll), so a change is noticed by its
 * content (a fingerprint) at the next read; after a restart the time is the restart's until something changes.
 */
export function createOpenData(source: OpenDataSource, clock: () => number = Date.now) {
  const snapshots = new Map<CollectionName, Snapshot>();
  const files = new Map<string, DatasetFile & { fingerprints: string }>();

  function collection(name: CollectionName): Snapshot {
    const now = clock();
    const cached = snapshots.get(name);
    if (cached && now - cached.takenAt < SNAPSHOT_TTL_MS) return cached;
    const items: unknown[] = COLLECTIONS[name](source);
    const fingerprint = fingerprintOf(items);
    const lastChanged = cached && cached.fingerprint === fingerprint ? cached.lastChanged : new Date(now);
    const snapshot = { items, fingerprint, lastChanged, takenAt: now };
    snapshots.set(name, snapshot);
    return snapshot;
  }

  function file(dataset: DatasetDefinition, format: DatasetFormat): DatasetFile {
    const parts = dataset.from.map(collection);
    const fingerprints = parts.map((part) => part.fingerprint).join('.');
    const key = `${dataset.name}.${format}`;
    const stored = files.get(key);
    if (stored && stored.fingerprints === fingerprints) return stored;
    const rows = parts.map((part) => part.items);
    const lastChanged = new Date(Math.max(...parts.map((part) => part.lastChanged.getTime())));
    const body =
      format === 'csv'
        ? datasetCsv(dataset.csvColumns, dataset.csvRows(rows))
        : JSON.stringify({
            dataset: dataset.name,
            title: dataset.title,
            licence: dataset.licence,
            lastChanged: lastChanged.toISOString(),
            generatedBy: 'Codka',
            ...dataset.json(rows),
          });
    const made = { body, etag: etagOf(body), lastChanged, bytes: Buffer.byteLength(body), fingerprints };
    files.set(key, made);
    return made;
  }

  return {
    source,
    collection,
    file,
    /** Every dataset with its licence, last change and both files' sizes: the /open-data page's list. */
    catalogue() {
      return DATASETS.map((dataset) => {
        const formats = (['json', 'csv'] as const).map((format) => {
          const made = file(dataset, format);
          return {
            format,
            url: datasetPath(dataset.name, format),
            bytes: made.bytes,
            lastChanged: made.lastChanged,
          };
        });
        return {
          name: dataset.name,
          title: dataset.title,
          licence: dataset.licence,
          lastChanged: formats[0]?.lastChanged ?? new Date(clock()),
          formats: formats.map(({ lastChanged: _, ...format }) => format),
        };
      });
    },
    /** Every write through this server empties the snapshots (their change times are kept). */
    invalidate() {
      for (const snapshot of snapshots.values()) snapshot.takenAt = Number.NEGATIVE_INFINITY;
    },
  };
}
export type OpenData = ReturnType<typeof createOpenData>;

export const datasetPath = (name: DatasetName, format: DatasetFormat) => `/api/v1/datasets/${name}.${format}`;

// One per database, shared by the HTTP routes and the tRPC catalogue, so both see the same change times.
const byDb = new WeakMap<Db, OpenData>();

export function openDataOf(source: OpenDataSource): OpenData {
  let openData = byDb.get(source.db);
  if (!openData) {
    openData = createOpenData(source);
    byDb.set(source.db, openData);
  }
  return openData;
}
