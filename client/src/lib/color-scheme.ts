import type { MantineColorScheme, MantineColorSchemeManager } from '@mantine/core';

/**
 * docs/product.md#preferences: the theme choice (light, dark, system) lives in localStorage under the key `theme`.
 */
export const THEME_STORAGE_KEY = 'theme';
export type ThemeChoice = 'light' | 'dark' | 'system';

const toMantine = (value: string | null): MantineColorScheme | null =>
  value === 'light' || value === 'dark' ? value : value === 'system' ? 'auto' : null;
const toStored = (value: MantineColorScheme): ThemeChoice => (value === 'auto' ? 'system' : value);

export function themeStorageManager(): MantineColorSchemeManager {
  let listener: ((event: StorageEvent) => void) | undefined;
  return {
    get: (defaultValue) => {
      // On the server (entry.server.tsx) nothing is known: theme-init.js sets the page's scheme before paint.
      if (typeof document === 'undefined') return defaultValue;
      // The site's default (set by an admin, written into the page by the server) applies until the visitor chooses.
      const siteDefault = toMantine(
        document.querySelector('meta[name="codka-default-theme"]')?.getAttribute('content') ?? null,
      );
      try {
        return toMantine(window.localStorage.getItem(THEME_STORAGE_KEY)) ?? siteDefault ?? defaultValue;
      } catch {
        return siteDefault ?? defaultValue;
      }
    },
    set: (value) => {
      try {
        window.localStorage.setItem(THEME_STORAGE_KEY, toStored(value));
      } catch {
        // Private browsing can refuse storage; the choice then lasts for this page only.
      }
    },
    subscribe: (onUpdate) => {
      listener = (event) => {
        if (event.storageArea === window.localStorage && event.key === THEME_STORAGE_KEY) {
          const value = toMantine(event.newValue);
          if (value) onUpdate(value);
        }
      };
      window.addEventListener('storage', listener);
    },
    unsubscribe: () => {
      if (listener) window.removeEventListener('storage', listener);
    },
    clear: () => {
      try {
        window.localStorage.removeItem(THEME_STORAGE_KEY);
      } catch {
        // Nothing stored, nothing to clear.
      }
    },
  };
}
