import type { OddsChangePolicy } from '@nebula/protocol/venue/markets';
import { ApiError } from '../../lib/api';
import { venueApi } from '../../lib/venue-api';
import { setNotice, setPolicy, slipStore } from '../../store/slip-store';

/**
 * The member picks what the slip does when a price moves: shown at once, kept by the venue for
 * the player (the next session starts with it); a save that fails puts the old choice back.
 */
export async function choosePolicy(policy: OddsChangePolicy): Promise<void> {
  const before = slipStore.get().policy;
  if (before === policy) return;
  setPolicy(policy);
  try {
    await venueApi.setOddsChangePolicy(policy);
  } catch (err) {
    setPolicy(before);
    setNotice({ tone: 'error', text: err instanceof ApiError ? err.message : '保存失败，请重试' });
  }
}
