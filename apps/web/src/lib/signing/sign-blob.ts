import { StorageKey } from '@nebula/protocol/constants/constants';
import { getSecureItem, setSecureItem } from '../secure-storage';

/** The signing blob (contract §8.2): the device key, bound to the device id it was issued for. */
interface SignBlob {
  uuid: string;
  signKey: string;
}

const HEX_KEY = /^[0-9a-f]{64}$/;

export async function storeSignBlob(uuid: string, signKey: string): Promise<void> {
  await setSecureItem(StorageKey.SignBlob, JSON.stringify({ uuid, signKey } satisfies SignBlob));
}

/** The stored key for this device id, or null (none stored, unreadable, or another device id). */
export async function readSignBlob(uuid: string): Promise<string | null> {
  const raw = await getSecureItem(StorageKey.SignBlob);
  if (!raw) return null;
  try {
    const blob = JSON.parse(raw) as Partial<SignBlob>;
    return blob.uuid === uuid && typeof blob.signKey === 'string' && HEX_KEY.test(blob.signKey)
      ? blob.signKey
      : null;
  } catch {
    return null;
  }
}
