import { useCallback, useSyncExternalStore } from 'react';

/**
 * Data saver: when on, member and candidate photos show initials and the registration centers map
 * downloads no tiles, so a reader on a slow or paid-by-the-megabyte connection pays only for text.
 * The reader's choice lives in localStorage 'data-saver' ('on' | 'off'); without one, it follows the
 * browser: on when the reader asked for reduced data (Save-Data) or the connection is 3G or slower.
 */
export const DATA_SAVER_KEY = 'data-saver';
export type DataSaverSetting = 'on' | 'off';

const SLOW_CONNECTIONS = new Set(['slow-2g', '2g', '3g']);

interface NetworkInformation extends EventTarget {
  saveData?: boolean;
  effectiveType?: string;
}

function connection(): NetworkInformation | undefined {
  return (navigator as Navigator & { connection?: NetworkInformation }).connection;
}

/** What the browser suggests when the reader has not chosen (Chromium-based browsers only report it). */
export function connectionSuggestsDataSaver(): boolean {
  const info = connection();
  if (!info) return false;
  return info.saveData === true || SLOW_CONNECTIONS.has(info.effectiveType ?? '');
}

function storedSetting(): DataSaverSetting | null {
  try {
    const value = window.localStorage.getItem(DATA_SAVER_KEY);
    return value === 'on' || value === 'off' ? value : null;
  } catch {
    return null;
  }
}

/** Whether data saver is on now: the reader's choice, or else the connection's suggestion. */
export function isDataSaverOn(): boolean {
  const stored = storedSetting();
  return stored ? stored === 'on' : connectionSuggestsDataSaver();
}

const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

/** The choice when storage refuses it, for this page only. */
let override: boolean | null = null;

export function setDataSaver(on: boolean): void {
  try {
    window.localStorage.setItem(DATA_SAVER_KEY, on ? 'on' : 'off');
  } catch {
    // Storage refused (private mode): the choice still applies until the page is closed.
    override = on;
  }
  notify();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab changed the setting, or the connection got faster or slower.
  const onStorage = (event: StorageEvent) => {
    if (event.key === DATA_SAVER_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  const info = connection();
  info?.addEventListener?.('change', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
    info?.removeEventListener?.('change', listener);
  };
}

const snapshot = () => override ?? isDataSaverOn();

/** [on, set]: re-renders when the setting or the connection changes. */
export function useDataSaver(): [boolean, (on: boolean) => void] {
  const on = useSyncExternalStore(subscribe, snapshot, () => false);
  const set = useCallback((value: boolean) => setDataSaver(value), []);
  return [on, set];
}
