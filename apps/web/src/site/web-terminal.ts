import type { ApiClient } from '../lib/api-client';
import { getDeviceId } from '../lib/device';
import { getFingerprint } from '../lib/fingerprint';
import { session } from '../lib/storage';
import { getPreInfo } from './pre-info.store';

const SENT_KEY = 'webTerminalSent';

/**
 * Reports this terminal once per browser session and device (`launcher/webTerminal`): device
 * id, fingerprint, screen size and user agent, which the security centre shows next to logins.
 */
export async function reportWebTerminal(api: ApiClient): Promise<void> {
  const deviceId = getDeviceId();
  if (session.get(SENT_KEY) === deviceId) return;
  // Marked before sending: a second start in the same visit must not report twice.
  session.set(SENT_KEY, deviceId);
  try {
    await api.call('webTerminal', {
      body: {
        deviceId,
        // The address from the pre-info on hand (the page's own, from the platform): the cached
        // copy the fingerprint reads by default is written only once pre-info's refresh answers,
        // which on a first visit may come after this report.
        fingerprint: await getFingerprint({ ip: getPreInfo()?.ip }),
        screen: `${window.screen.width}x${window.screen.height}`,
        userAgent: navigator.userAgent,
      },
    });
  } catch {
    // Not sent: try again on the next start.
    session.remove(SENT_KEY);
  }
}
