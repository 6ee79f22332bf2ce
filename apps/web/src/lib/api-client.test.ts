import { Header, REQUEST_TIMEOUT_BROWSER_MS } from '@nebula/protocol/constants/constants';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BusinessError, CancelledError, ConnectionError, describeError } from './api-errors';
import { envelope, fakeSigner, makeClient, stubFetch, TEST_UUID } from '../test/api-stubs';
import { clockOffset, resetClock } from './clock';
import { ApiEvents } from './api-events';
import { createApiClient } from './api-client';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  resetClock();
});

describe('headers and envelope', () => {
  it('sends the client headers, signs signed routes and returns data on 6000', async () => {
    const { calls } = stubFetch(() => envelope(6000, { list: [] }));
    const { client, signer } = makeClient({ token: 'tok' });
    await expect(client.call('stationAdList')).resolves.toEqual({ list: [] });
    const { headers, url, init } = calls[0]!;
    expect(url).toBe('/act/api/v1/advertising/queryStationAdList');
    expect(init.method).toBe('GET');
    expect(headers.get(Header.ClientType)).toBe('h5');
    expect(headers.get(Header.Version)).toBe('2.0.0');
    expect(headers.get(Header.SiteId)).toBe('6001');
    expect(headers.get(Header.Uuid)).toBe(TEST_UUID);
    expect(headers.get(Header.Token)).toBe('tok');
    expect(headers.get(Header.Sign)).toBe('sig');
    expect(Number(headers.get(Header.Timestamp))).toBeGreaterThan(0);
    expect(signer.sign).toHaveBeenCalledWith(url, TEST_UUID, Number(headers.get(Header.Timestamp)));
  });

  it('leaves unsigned bootstrap routes unsigned and sends no token when logged out', async () => {
    const { calls } = stubFetch(() => envelope(6000, { id: 'abcdefgh', payload: '' }));
    const { client } = makeClient();
    await client.call('sec', { params: { id: 'abcdefgh' } });
    expect(calls[0]!.url).toBe('/site/api/v1/sec/abcdefgh');
    expect(calls[0]!.headers.has(Header.Sign)).toBe(false);
    expect(calls[0]!.headers.has(Header.Token)).toBe(false);
  });

  it('posts JSON bodies', async () => {
    const { calls } = stubFetch(() => envelope(6000, { list: [] }));
    const { client } = makeClient();
    await client.call('noticeList', { body: { category: 1 } });
    expect(calls[0]!.init.body).toBe('{"category":1}');
    expect(calls[0]!.headers.get('Content-Type')).toBe('application/json');
  });
});

describe('deduplication', () => {
  it('shares one request between identical concurrent calls', async () => {
    const resolvers: ((r: Response) => void)[] = [];
    const { fn } = stubFetch(() => new Promise<Response>((resolve) => resolvers.push(resolve)));
    const { client } = makeClient();
    const a = client.call('noticeList', { body: { category: 1 } });
    const b = client.call('noticeList', { body: { category: 1 } });
    const c = client.call('noticeList', { body: { category: 2 } });
    await vi.waitFor(() => expect(fn).toHaveBeenCalledTimes(2));
    resolvers.forEach((resolve, i) => resolve(envelope(6000, { list: [i] })));
    const [ra, rb] = await Promise.all([a, b, c]);
    expect(ra).toBe(rb);
    expect(fn).toHaveBeenCalledTimes(2);
    // Once settled, the same call goes out again.
    void client.call('noticeList', { body: { category: 1 } });
    await vi.waitFor(() => expect(fn).toHaveBeenCalledTimes(3));
  });
});

describe('errors', () => {
  it('times out after REQUEST_TIMEOUT_BROWSER_MS with the timeout message', async () => {
    vi.useFakeTimers();
    stubFetch(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () =>
            reject(new DOMException('aborted', 'AbortError')),
          );
        }),
    );
    const { client } = makeClient();
    const pending = client.call('stationAdList');
    const settled = pending.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_BROWSER_MS - 1);
    let done = false;
    void settled.then(() => (done = true));
    await Promise.resolve();
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await settled;
    expect(error).toBeInstanceOf(ConnectionError);
    expect((error as ConnectionError).kind).toBe('timeout');
    expect((error as ConnectionError).message).toBe('连接超时，请稍后重试');
  });

  it('turns a caller abort into CancelledError', async () => {
    stubFetch(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () =>
            reject(new DOMException('aborted', 'AbortError')),
          );
        }),
    );
    const { client } = makeClient();
    const controller = new AbortController();
    const pending = client.call('stationAdList', { signal: controller.signal });
    controller.abort();
    const error = await pending.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CancelledError);
    expect((error as Error).message).toBe('请求已取消，请稍后重试');
  });

  it('reports offline, network-abnormal and default transport messages', async () => {
    const { client } = makeClient();
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const abnormal = (await client
      .call('stationAdList')
      .catch((e: unknown) => e)) as ConnectionError;
    expect(abnormal).toBeInstanceOf(ConnectionError);
    expect(abnormal.kind).toBe('unknown');
    expect(abnormal.message).toBe('网络异常，请检查网络后重试');

    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const offline = (await client
      .call('stationAdList')
      .catch((e: unknown) => e)) as ConnectionError;
    expect(offline.kind).toBe('offline');
    expect(offline.message).toBe('网络已断开，请检查后重试');
    vi.restoreAllMocks();

    stubFetch(() => Promise.reject(new TypeError('something odd')));
    const other = (await client.call('stationAdList').catch((e: unknown) => e)) as ConnectionError;
    expect(other.message).toBe('系统错误，请稍后重试或联系客服');
  });

  it('reports a body cut mid-way as a closed connection', async () => {
    const broken = new Response('{}');
    vi.spyOn(broken, 'text').mockRejectedValue(new TypeError('terminated'));
    stubFetch(() => broken);
    const { client } = makeClient();
    const error = (await client.call('stationAdList').catch((e: unknown) => e)) as ConnectionError;
    expect(error.kind).toBe('closed');
    expect(error.message).toBe('连接已终止，请检查后重试');
  });

  it('keeps the unknown kind message available', () => {
    expect(new ConnectionError('unknown').message).toBe('未知连接错误，请检查后重试');
    expect(new BusinessError(1).message).toBe('未知业务异常');
  });

  it('turns HTTP non-OK into a ConnectionError with the status', async () => {
    stubFetch(() => new Response('nope', { status: 403, statusText: 'Forbidden' }));
    const { client } = makeClient();
    const error = (await client.call('stationAdList').catch((e: unknown) => e)) as ConnectionError;
    expect(error).toBeInstanceOf(ConnectionError);
    expect(error.status).toBe(403);
    expect(error.message).toBe('网络异常，请检查网络后重试');

    stubFetch(() => new Response('', { status: 502, statusText: 'Bad Gateway' }));
    const bad = (await client.call('stationAdList').catch((e: unknown) => e)) as ConnectionError;
    expect(bad.status).toBe(502);
    expect(bad.message).toBe('系统错误，请稍后重试或联系客服');
  });

  it('turns HTTP 429 into business error 6501 and fires its event', async () => {
    stubFetch(() => new Response(JSON.stringify({ status_code: 6501 }), { status: 429 }));
    const { client, events } = makeClient();
    const seen = vi.fn();
    events.on(6501, seen);
    const error = (await client.call('stationAdList').catch((e: unknown) => e)) as BusinessError;
    expect(error).toBeInstanceOf(BusinessError);
    expect(error.code).toBe(6501);
    expect(error.message).toBe('请求过于频繁，请稍后再试');
    expect(seen).toHaveBeenCalledWith(error);
  });

  it('throws a BusinessError with the server message and fires the per-code event', async () => {
    stubFetch(() => envelope(6002, { remaining: 2 }, '账号或密码不对'));
    const { client, events } = makeClient();
    const onCode = vi.fn();
    const onOther = vi.fn();
    events.on(6002, onCode);
    events.on(6001, onOther);
    const error = (await client.call('stationAdList').catch((e: unknown) => e)) as BusinessError;
    expect(error.code).toBe(6002);
    expect(error.message).toBe('账号或密码不对');
    expect(error.response).toEqual({
      status_code: 6002,
      message: '账号或密码不对',
      data: { remaining: 2 },
    });
    expect(onCode).toHaveBeenCalledTimes(1);
    expect(onOther).not.toHaveBeenCalled();
    expect(describeError(error)).toEqual({ message: '账号或密码不对', code: 6002 });
  });

  it('fires no event for an answer to a session a newer one has replaced', async () => {
    let answer: ((r: Response) => void) | null = null;
    stubFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    const session: { token: string | null } = { token: 'old' };
    const events = new ApiEvents();
    const client = createApiClient({
      getToken: () => session.token,
      getDeviceId: () => TEST_UUID,
      signer: fakeSigner(),
      events,
    });
    const onEnded = vi.fn();
    events.on(10004, onEnded);
    const stale = client.call('stationAdList').catch((e: unknown) => e);
    await vi.waitFor(() => expect(answer).not.toBeNull());
    // The member logs in again while the old session's request is still in flight.
    session.token = 'new';
    answer!(envelope(10004));
    expect(((await stale) as BusinessError).code).toBe(10004);
    expect(onEnded).not.toHaveBeenCalled();
    // The same answer for the current session ends it.
    stubFetch(() => envelope(10004));
    await client.call('stationAdList').catch(() => undefined);
    expect(onEnded).toHaveBeenCalledTimes(1);
  });

  it('falls back to the catalogue text when the server sends no message', async () => {
    stubFetch(() => envelope(10104));
    const { client } = makeClient();
    const error = (await client.call('stationAdList').catch((e: unknown) => e)) as BusinessError;
    expect(error.message).toBe('您的账号已被冻结，请联系客服');
  });
});

describe('10108 clock correction', () => {
  it('corrects the clock offset from serverTime and retries exactly once', async () => {
    const serverTime = Date.now() + 10 * 60 * 1000;
    const { fn, calls } = stubFetch(() => envelope(10108, { serverTime }));
    const signer = fakeSigner();
    const { client, events } = makeClient({ signer });
    const seen = vi.fn();
    events.on(10108, seen);
    const error = (await client.call('stationAdList').catch((e: unknown) => e)) as BusinessError;
    expect(fn).toHaveBeenCalledTimes(2);
    expect(error.code).toBe(10108);
    expect(seen).toHaveBeenCalledTimes(1);
    expect(Math.abs(clockOffset() - 10 * 60 * 1000)).toBeLessThan(1000);
    const retriedAt = Number(calls[1]!.headers.get(Header.Timestamp));
    expect(Math.abs(retriedAt - serverTime)).toBeLessThan(1000);
    // The clock was the problem, not the key: it is kept.
    expect(signer.invalidate).not.toHaveBeenCalled();
  });

  it('succeeds on the retry and refetches the key when the clock was already right', async () => {
    let n = 0;
    stubFetch(() =>
      n++ === 0 ? envelope(10108, { serverTime: Date.now() }) : envelope(6000, { list: [] }),
    );
    const signer = fakeSigner();
    const { client } = makeClient({ signer });
    await expect(client.call('stationAdList')).resolves.toEqual({ list: [] });
    expect(signer.invalidate).toHaveBeenCalledTimes(1);
    expect(signer.invalidate).toHaveBeenCalledWith(0);
  });

  it('does not retry a 10108 without serverTime', async () => {
    const { fn } = stubFetch(() => envelope(10108));
    const { client } = makeClient();
    await expect(client.call('stationAdList')).rejects.toBeInstanceOf(BusinessError);
    expect(fn).toHaveBeenCalledTimes(1);
  });
});
