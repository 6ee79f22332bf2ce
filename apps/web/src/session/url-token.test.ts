import { afterEach, describe, expect, it, vi } from 'vitest';
import { BusinessError } from '../lib/api-errors';
import { setCookie } from '../lib/storage';
import { resetSessionStore, useSessionStore } from './session.store';
import { resetUrlTokenExchange, settleUrlToken, withoutTokenParams } from './url-token';

const HANDED = 'handed-over-token-0123456789';

function deps(
  exchange: (token: string) => Promise<{ token: string; userName: string; expiresAt: number }>,
) {
  return {
    exchange: vi.fn(exchange),
    replaceUrl: vi.fn((url: string) => window.history.replaceState(null, '', url)),
    href: () => window.location.href,
    notify: vi.fn(),
  };
}

function openAt(url: string) {
  window.history.replaceState(null, '', url);
  resetSessionStore();
  resetUrlTokenExchange();
}

afterEach(() => {
  window.history.replaceState(null, '', '/');
  resetSessionStore();
  resetUrlTokenExchange();
});

describe('URL token (contract §8.3, contract §2)', () => {
  it('drops token and appdown-token from an address, keeping the rest', () => {
    expect(withoutTokenParams('http://x/mine?a=1&token=t&appdown-token=u#h')).toBe('/mine?a=1#h');
    expect(withoutTokenParams('/?token=t')).toBe('/');
  });

  it('exchanges the URL token once for a device-bound session, then cleans the address bar', async () => {
    openAt(`/mine/userInfo?invite_code=AB12&token=${HANDED}`);
    expect(useSessionStore.getState().exchanging).toBe(true);
    const d = deps(() =>
      Promise.resolve({ token: 'session-token', userName: 'Bob123', expiresAt: 1 }),
    );
    await settleUrlToken(d);
    await settleUrlToken(d);
    expect(d.exchange).toHaveBeenCalledOnce();
    expect(d.exchange).toHaveBeenCalledWith(HANDED);
    expect(useSessionStore.getState()).toMatchObject({
      token: 'session-token',
      userName: 'Bob123',
      source: 'exchange',
      exchanging: false,
    });
    expect(document.cookie).toContain('X-API-TOKEN=session-token');
    expect(window.location.pathname + window.location.search).toBe(
      '/mine/userInfo?invite_code=AB12',
    );
    expect(window.location.href).not.toContain(HANDED);
  });

  it('falls back to the stored token when the exchange is refused, and says so', async () => {
    localStorage.setItem('X-API-TOKEN', 'older-session');
    openAt(`/?appdown-token=${HANDED}`);
    const d = deps(() => Promise.reject(new BusinessError(6048, '登录凭证无效或已使用')));
    await settleUrlToken(d);
    expect(d.notify).toHaveBeenCalledWith('登录凭证无效或已使用');
    expect(useSessionStore.getState()).toMatchObject({ token: 'older-session', exchanging: false });
    expect(window.location.search).toBe('');
  });

  it('calls a malformed URL token unusable rather than a validation failure', async () => {
    openAt('/?token=short');
    const d = deps(() => Promise.reject(new BusinessError(10003, '参数校验失败')));
    await settleUrlToken(d);
    expect(d.notify).toHaveBeenCalledWith('登录凭证无效或已使用');
  });

  it('lets a cookie token win, but still removes the URL token', async () => {
    setCookie('X-API-TOKEN', 'cookie-session');
    openAt(`/?token=${HANDED}`);
    const d = deps(() => Promise.resolve({ token: 'x', userName: 'x', expiresAt: 1 }));
    await settleUrlToken(d);
    expect(d.exchange).not.toHaveBeenCalled();
    expect(useSessionStore.getState().token).toBe('cookie-session');
    expect(window.location.search).toBe('');
  });
});
