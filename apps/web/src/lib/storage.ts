import { COOKIE_DAYS } from '@nebula/protocol/constants/constants';

/**
 * Thin, failure-tolerant wrappers over cookies and Web Storage. Safari private mode and
 * locked-down WebViews throw on access; the site must keep working (in memory) when they do.
 */

const DAY_MS = 24 * 3600 * 1000;

export function getCookie(name: string): string | null {
  try {
    const prefix = `${encodeURIComponent(name)}=`;
    for (const part of document.cookie.split(';')) {
      const item = part.trim();
      if (item.startsWith(prefix)) return decodeURIComponent(item.slice(prefix.length));
    }
  } catch {
    // Cookie access can throw in sandboxed frames.
  }
  return null;
}

export function setCookie(name: string, value: string, days: number = COOKIE_DAYS): void {
  try {
    const expires = new Date(Date.now() + days * DAY_MS).toUTCString();
    const secure = location.protocol === 'https:' ? '; Secure' : '';
    document.cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; expires=${expires}; path=/; SameSite=Lax${secure}`;
  } catch {
    // See getCookie.
  }
}

export function removeCookie(name: string): void {
  try {
    document.cookie = `${encodeURIComponent(name)}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  } catch {
    // See getCookie.
  }
}

function area(kind: 'local' | 'session'): Storage | null {
  try {
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

function makeStore(kind: 'local' | 'session') {
  // Used only when the real storage is unavailable, so a session still behaves consistently.
  const memory = new Map<string, string>();
  return {
    get(key: string): string | null {
      try {
        return area(kind)?.getItem(key) ?? memory.get(key) ?? null;
      } catch {
        return memory.get(key) ?? null;
      }
    },
    set(key: string, value: string): void {
      try {
        const store = area(kind);
        if (store) {
          store.setItem(key, value);
          return;
        }
      } catch {
        // Quota or privacy mode: fall through to memory.
      }
      memory.set(key, value);
    },
    remove(key: string): void {
      memory.delete(key);
      try {
        area(kind)?.removeItem(key);
      } catch {
        // Nothing to clean.
      }
    },
    getJson<T>(key: string): T | null {
      const raw = this.get(key);
      if (raw === null) return null;
      try {
        return JSON.parse(raw) as T;
      } catch {
        return null;
      }
    },
    setJson(key: string, value: unknown): void {
      this.set(key, JSON.stringify(value));
    },
    /** Every key held (the real storage's and the in-memory fallback's). */
    keys(): string[] {
      const out = new Set(memory.keys());
      try {
        const store = area(kind);
        for (let i = 0; store && i < store.length; i += 1) {
          const k = store.key(i);
          if (k !== null) out.add(k);
        }
      } catch {
        // Only the memory's.
      }
      return [...out];
    },
  };
}

export const local = makeStore('local');
export const session = makeStore('session');
