import type { MantineColorSchemeManager } from '@mantine/core';
import { THEME_STORAGE_KEY } from '#domain/constants';
import { isColorScheme } from '../../lib/color-scheme.ts';
import { chooseInitialColorScheme } from './model.ts';

function readStored(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null; // storage can be disabled (private mode, blocked cookies)
  }
}

function systemPrefersDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: dark)').matches;
}

/** Mantine colour-scheme storage: reads with the product's initial-theme rule, saves every change. */
export function createColorSchemeManager(key: string = THEME_STORAGE_KEY): MantineColorSchemeManager {
  let onStorage: ((event: StorageEvent) => void) | undefined;
  return {
    get: () => chooseInitialColorScheme(readStored(key), systemPrefersDark()),
    set: (value) => {
      try {
        window.localStorage.setItem(key, value);
      } catch {
        // not saved: the theme still applies for this visit
      }
    },
    // Another tab changed the theme: follow it.
    subscribe: (onUpdate) => {
      onStorage = (event) => {
        if (event.storageArea === window.localStorage && event.key === key && isColorScheme(event.newValue)) {
          onUpdate(event.newValue);
        }
      };
      window.addEventListener('storage', onStorage);
    },
    unsubscribe: () => {
      if (onStorage) window.removeEventListener('storage', onStorage);
      onStorage = undefined;
    },
    clear: () => {
      try {
        window.localStorage.removeItem(key);
      } catch {
        // nothing stored to clear
      }
    },
  };
}
