import { DATA_SAVER_KEY, isDataSaverOn, setDataSaver } from '@client/lib/data-saver';
import { afterEach, describe, expect, it, vi } from 'vitest';

/** A browser's localStorage and navigator.connection, as much as data-saver.ts reads. */
function browserWith(connection: { saveData?: boolean; effectiveType?: string } | undefined) {
  const store = new Map<string, string>();
  vi.stubGlobal('window', {
    localStorage: {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => store.set(key, value),
    },
  });
  vi.stubGlobal('navigator', { connection });
  return store;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('data saver', () => {
  it('is off on a fast connection and where the browser does not say', () => {
    browserWith({ effectiveType: '4g' });
    expect(isDataSaverOn()).toBe(false);
    browserWith(undefined);
    expect(isDataSaverOn()).toBe(false);
  });

  it('is on by default when the reader asked for reduced data or the connection is 3G or slower', () => {
    for (const connection of [
      { saveData: true, effectiveType: '4g' },
      { effectiveType: 'slow-2g' },
      { effectiveType: '2g' },
      { effectiveType: '3g' },
    ]) {
      browserWith(connection);
      expect(isDataSaverOn(), JSON.stringify(connection)).toBe(true);
    }
  });

  it("follows the reader's choice, stored as 'on' or 'off', over the connection", () => {
    const store = browserWith({ effectiveType: '2g' });
    setDataSaver(false);
    expect(store.get(DATA_SAVER_KEY)).toBe('off');
    expect(isDataSaverOn()).toBe(false);
    browserWith({ effectiveType: '4g' }).set(DATA_SAVER_KEY, 'on');
    expect(isDataSaverOn()).toBe(true);
  });
});
