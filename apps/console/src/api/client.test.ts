import { describe, expect, it, vi } from 'vitest';
import { routeMeta } from '@nebula/protocol/api/route-meta';
import { adminRouteNames, isAdminRoute } from './admin-routes';
import { ErrorCode, messageFor } from '@nebula/protocol/errors/codes';
import {
  ApiError,
  COMMON_CODE,
  FORBIDDEN_CODE,
  SESSION_ENDED_CODE,
  SESSION_IDLE_CODE,
} from './api-error';
import { apiOrigin } from './api-origin';
import { createAdminClient } from './client';

function fakeFetch(body: unknown) {
  return vi.fn<typeof fetch>(() => Promise.resolve(new Response(JSON.stringify(body))));
}

const ok = (data: unknown) => ({ status_code: 6000, message: 'ok', data });

describe('the admin route list', () => {
  it('is every route under /admin/api/ of the protocol table, and nothing else', () => {
    const names = adminRouteNames();
    const expected = Object.entries(routeMeta)
      .filter(([, m]) => m.path.startsWith('/admin/api/'))
      .map(([n]) => n);
    expect(names).toEqual(expected);
    expect(names.length).toBeGreaterThan(50);
    expect(isAdminRoute('register')).toBe(false);
  });
});

describe('the typed admin client', () => {
  it('takes method and path from the route table, fills parameters and sends the token', async () => {
    const f = fakeFetch(ok(null));
    const call = createAdminClient({ token: () => 'tok', onSessionEnded: () => {}, fetch: f });
    await call('adminMemberBlock', {
      params: { memberId: 42 },
      body: { blocked: true, reason: 'r' },
    });
    const [url, init] = f.mock.calls[0]!;
    expect(url).toBe('/admin/api/v1/members/42/block');
    expect(init?.method).toBe('POST');
    expect((init?.headers as Record<string, string>)['X-Admin-Token']).toBe('tok');
    expect(init?.credentials).toBe('omit');
    expect(JSON.parse(init?.body as string)).toEqual({ blocked: true, reason: 'r' });
  });

  it('sends a query without empty values, and no body on GET', async () => {
    const f = fakeFetch(ok({ list: [], page: 1, pageSize: 20, total: 0 }));
    const call = createAdminClient({ token: () => null, onSessionEnded: () => {}, fetch: f });
    const page = await call('adminMembers', { query: { q: '', page: 2 } });
    expect(page.total).toBe(0);
    const [url, init] = f.mock.calls[0]!;
    expect(url).toBe('/admin/api/v1/members?page=2');
    expect(init?.body).toBeUndefined();
    expect((init?.headers as Record<string, string>)['X-Admin-Token']).toBeUndefined();
  });

  it('sends an idempotency key on money routes (the one given, so a retry repeats it)', async () => {
    const f = fakeFetch(ok({ reference: 'r', main: '1.00', coin: '0' }));
    const call = createAdminClient({ token: () => 't', onSessionEnded: () => {}, fetch: f });
    const req = {
      params: { memberId: 1 },
      body: { asset: 'CNY', direction: 'credit', amount: '1.00', reason: 'x' },
    } as const;
    await call('adminAdjust', req, { idempotencyKey: 'key-1' });
    await call('adminAdjust', req, { idempotencyKey: 'key-1' });
    const keys = f.mock.calls.map(
      ([, i]) => (i?.headers as Record<string, string>)['X-Idempotency-Key'],
    );
    expect(keys).toEqual(['key-1', 'key-1']);
    await call('adminMembers', {});
    expect(
      (f.mock.calls[2]![1]?.headers as Record<string, string>)['X-Idempotency-Key'],
    ).toBeUndefined();
  });

  it("throws the server's code with the catalogue's Chinese message", async () => {
    const f = fakeFetch({ status_code: 6061, message: 'whatever the server said', data: null });
    const call = createAdminClient({ token: () => 't', onSessionEnded: () => {}, fetch: f });
    const err = await call('adminSettings', {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBe(6061);
    expect((err as ApiError).message).toBe('当前运营角色无权执行此操作');
  });

  it('throws the catch-all code with its message for an answer that is no envelope', async () => {
    const f = vi.fn<typeof fetch>(() => Promise.resolve(new Response('<html>')));
    const call = createAdminClient({ token: () => 't', onSessionEnded: () => {}, fetch: f });
    const err = await call('adminSettings', {}).catch((e: unknown) => e);
    expect((err as ApiError).code).toBe(ErrorCode.Common);
    expect((err as ApiError).message).toBe(messageFor(ErrorCode.Common));
  });

  it("names the catalogue's codes by their numbers (the catalogue loads only on a failure)", () => {
    expect([COMMON_CODE, SESSION_ENDED_CODE, SESSION_IDLE_CODE, FORBIDDEN_CODE]).toEqual([
      ErrorCode.Common,
      ErrorCode.AdminAuthRequired,
      ErrorCode.AdminSessionIdle,
      ErrorCode.AdminForbidden,
    ]);
  });

  it('tells the app when the session is gone (6060), and only then', async () => {
    const ended = vi.fn();
    const gone = createAdminClient({
      token: () => 't',
      onSessionEnded: ended,
      fetch: fakeFetch({ status_code: 6060, message: '', data: null }),
    });
    await expect(gone('adminAudit', {})).rejects.toBeInstanceOf(ApiError);
    expect(ended).toHaveBeenCalledTimes(1);
    const denied = createAdminClient({
      token: () => 't',
      onSessionEnded: ended,
      fetch: fakeFetch({ status_code: 6061, message: '', data: null }),
    });
    await expect(denied('adminAudit', {})).rejects.toBeInstanceOf(ApiError);
    expect(ended).toHaveBeenCalledTimes(1);
    // The server's inactivity limit (9644) ends it the same way.
    const idle = createAdminClient({
      token: () => 't',
      onSessionEnded: ended,
      fetch: fakeFetch({ status_code: 9644, message: '', data: null }),
    });
    await expect(idle('adminAudit', {})).rejects.toBeInstanceOf(ApiError);
    expect(ended).toHaveBeenCalledTimes(2);
  });

  it('turns a reply that is not JSON into a coded error', async () => {
    const f = vi.fn<typeof fetch>(() => Promise.resolve(new Response('<html>')));
    const call = createAdminClient({ token: () => 't', onSessionEnded: () => {}, fetch: f });
    await expect(call('adminAudit', {})).rejects.toMatchObject({ code: 10001 });
  });
});

describe('a console built to call another origin (CONSOLE_API_ORIGIN)', () => {
  it('sends every call there, still with the token header and no cookies', async () => {
    document.head.innerHTML =
      '<meta name="nebula-console-api-origin" content="https://api.example.com" />';
    try {
      const f = fakeFetch(ok(null));
      const call = createAdminClient({
        token: () => 'tok',
        onSessionEnded: () => {},
        origin: apiOrigin(),
        fetch: f,
      });
      await call('adminMemberBlock', {
        params: { memberId: 7 },
        body: { blocked: false, reason: 'r' },
      });
      const [url, init] = f.mock.calls[0]!;
      expect(url).toBe('https://api.example.com/admin/api/v1/members/7/block');
      expect(init?.credentials).toBe('omit');
    } finally {
      document.head.innerHTML = '';
    }
    // The default build names none: the console's own origin.
    expect(apiOrigin()).toBe('');
  });
});
