import { describe, expect, it, vi } from 'vitest';
import { BusinessError } from './api-errors';
import { createVenueProxy } from './venue-proxy';
import type { VenueSession } from './venue-sessions';

const session = (code: string, token: string, params: Record<string, string>): VenueSession => ({
  venueCode: code,
  merchantCode: 'NEBULA',
  origin: 'http://venue.test',
  token,
  params,
  at: 0,
});

function setup(answers: unknown[], sessions: Record<string, VenueSession>) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetch = vi.fn((url: URL | RequestInfo, init?: RequestInit) => {
    calls.push({
      url: typeof url === 'string' ? url : url instanceof URL ? url.href : url.url,
      init: init ?? {},
    });
    const next = answers.shift();
    return Promise.resolve(new Response(JSON.stringify(next), { status: 200 }));
  });
  let now = 0;
  const relaunch = vi.fn(() => Promise.resolve());
  const proxy = createVenueProxy({
    sessionOf: (code) => sessions[code] ?? null,
    relaunch,
    fetch,
    now: () => now,
  });
  return { proxy, calls, relaunch, tick: (ms: number) => (now += ms) };
}

describe('the third-party proxy (contract §6)', () => {
  it('goes to the venue origin with the dialect token header and reshapes the envelope', async () => {
    const { proxy, calls } = setup([{ code: 0, msg: 'success', data: { balance: '1.00' } }], {
      FBTY: session('FBTY', '', { Authorization: 'site-token', url: 'x' }),
    });
    await expect(proxy.request('FBTY', { method: 'GET', path: '/v1/balance' })).resolves.toEqual({
      balance: '1.00',
    });
    expect(calls[0]!.url).toBe('http://venue.test/v1/balance');
    expect((calls[0]!.init.headers as Record<string, string>).authorization).toBe('site-token');
    expect(calls[0]!.init.credentials).toBe('omit');
  });

  it('each dialect speaks its own success and token header', async () => {
    const { proxy, calls } = setup(
      [
        { code: 100, msg: 'success', data: 1 },
        { code: 350, message: 'success', data: 2 },
        { code: '0000000', msg: 'success', data: 3 },
      ],
      {
        IMTY: session('IMTY', '', { Token: 'im' }),
        YBTY: session('YBTY', '', { token: 'yb' }),
        OBTY: session('OBTY', 'http://venue.test/ob/api/member/counts', { requestId: 'ob' }),
      },
    );
    expect(await proxy.request('IMTY', { method: 'GET', path: '/api/mobile/balance' })).toBe(1);
    expect(await proxy.request('YBTY', { method: 'GET', path: '/yewu12/api/balance' })).toBe(2);
    await expect(proxy.request('OBTY', { method: 'GET', path: '/ob/api/balance' })).rejects.toThrow(
      /third-party/,
    );
    const h = (i: number) => calls[i]!.init.headers as Record<string, string>;
    expect(h(0).token).toBe('im');
    expect(h(1).token).toBe('yb');
  });

  it('refuses a path that is not a third-party one', async () => {
    const { proxy } = setup([], { FBTY: session('FBTY', '', {}) });
    await expect(
      proxy.request('FBTY', { method: 'GET', path: '/site/api/v1/user/member/info' }),
    ).rejects.toThrow(/third-party/);
  });

  it('FBTY 14010 refreshes the session (a relaunch) and tries once more', async () => {
    const { proxy, relaunch } = setup(
      [
        { code: 14010, msg: '会话已过期' },
        { code: 0, msg: 'success', data: 'ok' },
      ],
      { FBTY: session('FBTY', '', { Authorization: 't' }) },
    );
    expect(await proxy.request('FBTY', { method: 'GET', path: '/v1/balance' })).toBe('ok');
    expect(relaunch).toHaveBeenCalledTimes(1);
  });

  it('relaunches are debounced by 1 s per venue; another error is a BusinessError', async () => {
    const { proxy, relaunch, tick } = setup(
      [
        { code: 401, msg: 'expired' },
        { code: 401, msg: 'expired' },
        { code: 401, msg: 'expired' },
        { code: 401, msg: 'expired' },
        { code: 401, msg: 'expired' },
        { code: 8033, msg: '投注金额超过最高限额' },
      ],
      { IMTY: session('IMTY', '', { Token: 't' }) },
    );
    const call = () => proxy.request('IMTY', { method: 'GET', path: '/api/mobile/balance' });
    await expect(call()).rejects.toBeInstanceOf(BusinessError);
    await expect(call()).rejects.toMatchObject({ code: 401 });
    expect(relaunch).toHaveBeenCalledTimes(1);
    tick(1001);
    await expect(call()).rejects.toMatchObject({ code: 8033, message: '投注金额超过最高限额' });
    expect(relaunch).toHaveBeenCalledTimes(2);
  });
});
