/**
 * The at-rest encryption key: an AES-GCM CryptoKey generated in the browser, NON-extractable,
 * kept in IndexedDB (which stores CryptoKey objects by structured clone). No key ships in the
 * bundle, and script on the page can use the key but never read its bytes.
 */

const DB_NAME = 'nebula-vault';
const STORE = 'keys';
const KEY_ID = 'storage-key';

function promisify<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('indexedDB request failed'));
  });
}

function openDb(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => {
      request.result.createObjectStore(STORE);
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('indexedDB open failed'));
    request.onblocked = () => reject(new Error('indexedDB blocked'));
  });
}

async function readKey(db: IDBDatabase): Promise<CryptoKey | undefined> {
  const tx = db.transaction(STORE, 'readonly');
  const value: unknown = await promisify(tx.objectStore(STORE).get(KEY_ID));
  return value instanceof CryptoKey ? value : undefined;
}

async function loadOrCreateKey(): Promise<CryptoKey> {
  const db = await openDb();
  try {
    const existing = await readKey(db);
    if (existing) return existing;
    const created = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, [
      'encrypt',
      'decrypt',
    ]);
    try {
      // `add` fails if another tab stored a key meanwhile; then that key wins for everyone.
      const tx = db.transaction(STORE, 'readwrite');
      await promisify(tx.objectStore(STORE).add(created, KEY_ID));
      return created;
    } catch {
      const winner = await readKey(db);
      if (!winner) throw new Error('vault key unavailable');
      return winner;
    }
  } finally {
    db.close();
  }
}

let keyPromise: Promise<CryptoKey> | null = null;

export function getVaultKey(): Promise<CryptoKey> {
  keyPromise ??= loadOrCreateKey().catch((error: unknown) => {
    keyPromise = null;
    throw error;
  });
  return keyPromise;
}

/** Tests only. */
export function resetVaultKeyCache(): void {
  keyPromise = null;
}
