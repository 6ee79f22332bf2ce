import { StorageKey } from '@nebula/protocol/constants/constants';
import { getSecureItem, removeSecureItem, setSecureItem } from '../lib/secure-storage';

/** contract §8.2 `loginInfo`: the remember-me choice and the name to prefill, stored encrypted. */
export interface LoginInfo {
  isChecked: boolean;
  userName: string;
}

export function saveLoginInfo(info: LoginInfo): Promise<void> {
  return setSecureItem(StorageKey.LoginInfo, JSON.stringify(info));
}

export async function readLoginInfo(): Promise<LoginInfo | null> {
  const raw = await getSecureItem(StorageKey.LoginInfo);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<LoginInfo>;
    return typeof value.userName === 'string' && typeof value.isChecked === 'boolean'
      ? { isChecked: value.isChecked, userName: value.userName }
      : null;
  } catch {
    return null;
  }
}

export function clearLoginInfo(): void {
  removeSecureItem(StorageKey.LoginInfo);
}
