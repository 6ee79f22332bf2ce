import { afterEach, describe, expect, it, vi } from 'vitest';
import { venueApi } from '../../lib/venue-api';
import { setPolicy, slipStore } from '../../store/slip-store';
import { choosePolicy } from './policy';

afterEach(() => {
  vi.restoreAllMocks();
  setPolicy('better');
});

describe('the odds-change choice', () => {
  it('is shown at once and saved for the player at the venue', async () => {
    const save = vi
      .spyOn(venueApi, 'setOddsChangePolicy')
      .mockResolvedValue({ oddsType: 2, oddsChangePolicy: 'any' });
    const done = choosePolicy('any');
    expect(slipStore.get().policy).toBe('any');
    await done;
    expect(save).toHaveBeenCalledWith('any');
    expect(slipStore.get().policy).toBe('any');
  });

  it('a save that fails puts the old choice back and says so', async () => {
    vi.spyOn(venueApi, 'setOddsChangePolicy').mockRejectedValue(new Error('offline'));
    await choosePolicy('none');
    expect(slipStore.get().policy).toBe('better');
    expect(slipStore.get().notice).toMatchObject({ tone: 'error', text: '保存失败，请重试' });
  });
});
