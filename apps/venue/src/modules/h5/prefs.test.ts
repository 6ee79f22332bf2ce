import { ErrorCode } from '@nebula/protocol';
import { dialects } from '@nebula/protocol/venue/dialects';
import { SessionExchangeResult, type PreferencesView } from '@nebula/protocol/venue/h5';
import type { LaunchResult } from '@nebula/protocol/venue/merchant';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVenueTestApp, type VenueTestApp } from '../../test/venue-test-app';

/**
 * The player's choices at the venue outlive the session: the odds type and what the slip does
 * when a price moves (接受任何赔率 / 更好赔率 / 不接受) come back with the next launch.
 */
let v: VenueTestApp;
beforeAll(async () => {
  v = await createVenueTestApp();
});
afterAll(() => v.close());

const prefix = dialects.FBTY.prefix;
const playerId = `prefs-${Date.now().toString(36)}`;

async function enter(): Promise<SessionExchangeResult> {
  const launched = await v.call<LaunchResult>('launch', {
    venueCode: 'HOUSE_TY',
    playerId,
    nickname: '玩家',
  });
  const urlToken = new URL(launched.data!.url).searchParams.get('token')!;
  const r = await v.app.inject({
    method: 'POST',
    url: '/h5/api/session/exchange',
    payload: { token: urlToken },
  });
  return SessionExchangeResult.parse(r.json<{ data: unknown }>().data);
}

const save = (token: string, body: unknown) =>
  v.page<PreferencesView>('POST', `${prefix}/preferences`, token, body);

describe('player preferences', () => {
  it('the odds-change choice is kept per player across sessions, beside the odds type', async () => {
    const first = await enter();
    expect(first).toMatchObject({ oddsType: 2, oddsChangePolicy: 'better' });
    const saved = await save(first.token, { oddsChangePolicy: 'any' });
    expect(saved.data).toEqual({ oddsType: 2, oddsChangePolicy: 'any' });

    const second = await enter();
    expect(second).toMatchObject({ oddsType: 2, oddsChangePolicy: 'any' });
    // Choosing an odds type leaves the odds-change choice as it was, and the other way round.
    expect((await save(second.token, { oddsType: 3 })).data).toEqual({
      oddsType: 3,
      oddsChangePolicy: 'any',
    });
    expect((await save(second.token, { oddsChangePolicy: 'none' })).data).toEqual({
      oddsType: 3,
      oddsChangePolicy: 'none',
    });
    expect(await enter()).toMatchObject({ oddsType: 3, oddsChangePolicy: 'none' });
  });

  it('a change that names nothing, or an unknown choice, is refused and changes nothing', async () => {
    const s = await enter();
    const before = (await v.page<PreferencesView>('GET', `${prefix}/preferences`, s.token)).data;
    for (const body of [
      {},
      { oddsChangePolicy: 'maybe' },
      { oddsType: 9 },
      { oddsChangePolicy: 'any', extra: 1 },
    ]) {
      const r = await save(s.token, body);
      expect(r.code).toBe(ErrorCode.VenueRequestInvalid);
    }
    expect((await v.page<PreferencesView>('GET', `${prefix}/preferences`, s.token)).data).toEqual(
      before,
    );
  });
});
