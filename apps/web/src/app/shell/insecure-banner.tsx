import { useSyncExternalStore } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { getSecureStorageMode, subscribeSecureStorageMode } from '../../lib/secure-storage';

/** Says so when secrets can only be kept in memory (no WebCrypto/IndexedDB: contract §1). */
export function InsecureBanner() {
  const { t } = useTranslation();
  const mode = useSyncExternalStore(
    subscribeSecureStorageMode,
    getSecureStorageMode,
    getSecureStorageMode,
  );
  if (mode === 'encrypted') return null;
  return (
    <div className="nb-insecure" role="note">
      {t('insecureContext')}
    </div>
  );
}
