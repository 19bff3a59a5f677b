/**
 * localStorage access that never throws: private browsing modes and full quotas make the raw
 * API throw, and a portal that only browses must keep working without a session.
 */
import { StorageKey } from '@steelport/contracts';

export { StorageKey };

/** Every key that belongs to a login: cleared together on logout and on an expired token. */
export const SESSION_KEYS = [
  StorageKey.token,
  StorageKey.lang,
  StorageKey.loginUser,
  StorageKey.vipInfo,
  StorageKey.memberVipInfo,
] as const;

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** This tab's sessionStorage, never throwing either: notes that must not reach other tabs. */
export const tabStorage = {
  getItem(key: string): string | null {
    try {
      return window.sessionStorage.getItem(key);
    } catch {
      return null;
    }
  },
  setItem(key: string, value: string): void {
    try {
      window.sessionStorage.setItem(key, value);
    } catch {
      // storage disabled: the note lasts no longer than this page
    }
  },
  removeItem(key: string): void {
    try {
      window.sessionStorage.removeItem(key);
    } catch {
      // storage disabled: the key cannot be there either
    }
  },
};

/** Reads a stored string, or null when absent or storage is unavailable. */
export function readItem(key: string): string | null {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Stores a string; a failing storage is ignored (the session then lasts one page view). */
export function writeItem(key: string, value: string): void {
  try {
    storage()?.setItem(key, value);
  } catch {
    // quota exceeded or storage disabled: nothing sensible to do for a browsing portal
  }
}

/** Removes a key if storage is available. */
export function removeItem(key: string): void {
  try {
    storage()?.removeItem(key);
  } catch {
    // storage disabled: the key cannot be there either
  }
}

/** Parses stored JSON; anything malformed reads as null rather than breaking the page. */
export function readJson<T>(key: string): T | null {
  const raw = readItem(key);
  if (raw === null || raw === '') return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}
