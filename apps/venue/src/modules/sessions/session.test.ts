import { ErrorCode } from '@nebula/protocol';
import type { LaunchResult } from '@nebula/protocol/venue/merchant';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVenueTestApp, type VenueTestApp } from '../../test/venue-test-app';

let v: VenueTestApp;
beforeAll(async () => {
  v = await createVenueTestApp();
});
afterAll(() => v.close());

let seq = 0;
const player = () => `launch-${(seq += 1)}-${Date.now().toString(36)}`;
const launch = async (playerId: string, extra: Record<string, unknown> = {}) =>
  (
    await v.call<LaunchResult>('launch', {
      venueCode: 'HOUSE_TY',
      playerId,
      nickname: '玩家',
      ...extra,
    })
  ).data!;
const exchange = async (token: string) =>
  (
    await v.app.inject({ method: 'POST', url: '/h5/api/session/exchange', payload: { token } })
  ).json<{ code: number; data?: { token: string } }>();

describe('launch and player sessions', () => {
  it("a launch answers a page URL with a single-use token on the venue's own origin", async () => {
    const l = await launch(player(), { selections: ['1042:ft:ah:-25:home'] });
    expect(l.url.startsWith('http://localhost:8090/h5/?token=')).toBe(true);
    expect(l.url).toContain('selections=');
    expect(l.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const first = await exchange(l.token);
    expect(first.code).toBe(0);
    expect(await v.sessions.resolve(first.data!.token)).toMatchObject({ venueCode: 'HOUSE_TY' });
    expect((await exchange(l.token)).code).toBe(ErrorCode.VenueSessionExpired);
  });

  it('the URL token lasts 60 seconds', async () => {
    const l = await launch(player());
    v.clock.offset = 61_000;
    try {
      expect((await exchange(l.token)).code).toBe(ErrorCode.VenueSessionExpired);
    } finally {
      v.clock.offset = 0;
    }
  });

  it('a new launch ends the earlier session; a preload ends none and makes none', async () => {
    const id = player();
    const first = (await exchange((await launch(id)).token)).data!.token;
    const preload = await launch(id, { preload: true });
    expect(preload.token).toBe('');
    await expect(v.sessions.resolve(first)).resolves.toBeTruthy();
    await launch(id);
    await expect(v.sessions.resolve(first)).rejects.toMatchObject({
      code: ErrorCode.VenueSessionExpired,
    });
  });

  it("the merchant can end a player's sessions (a block, a self-exclusion)", async () => {
    const id = player();
    const token = (await exchange((await launch(id)).token)).data!.token;
    const r = await v.call('endSessions', {
      venueCode: 'HOUSE_TY',
      playerId: id,
      reason: 'blocked',
    });
    expect(r.code).toBe(0);
    await expect(v.sessions.resolve(token)).rejects.toMatchObject({
      code: ErrorCode.VenueSessionExpired,
    });
  });

  it('a garbage exchange token is refused without a 5xx', async () => {
    for (const token of ['', 'x'.repeat(500), 'nope']) {
      expect((await exchange(token)).code).toBe(ErrorCode.VenueSessionExpired);
    }
  });
});
