import { Header } from '@nebula/protocol/constants/constants';
import { ErrorCode } from '@nebula/protocol/errors/codes';
import { MutationObserver, QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, makeClient, stubFetch } from '../test/api-stubs';
import { ActionKey, fingerprintOf, retryUnknownOutcome } from './action-key';
import { BusinessError, ConnectionError } from './api-errors';

afterEach(() => {
  vi.unstubAllGlobals();
});

const body = { channelId: 'alipay', amount: '100' };

/** A server that fails the first `failures` calls at the transport level, then answers 6000. */
function flakyServer(
  failures: number,
  answer = () => envelope(6000, { orderId: 'D1', payUrl: null }),
) {
  let left = failures;
  return stubFetch(() => {
    if (left > 0) {
      left -= 1;
      return Promise.reject(new TypeError('Failed to fetch'));
    }
    return answer();
  });
}

const keysOf = (calls: { headers: Headers }[]) =>
  calls.map((c) => c.headers.get(Header.Idempotency));

describe('one idempotency key per user action', () => {
  it('reuses the key when the same action is retried after a lost answer', async () => {
    const { calls } = flakyServer(1);
    const { client } = makeClient({ token: 't' });
    const action = new ActionKey();
    const send = () =>
      action.run(body, (idempotencyKey) => client.call('depositOrder', { body, idempotencyKey }));
    await expect(send()).rejects.toBeInstanceOf(ConnectionError);
    await expect(send()).resolves.toMatchObject({ orderId: 'D1' });
    const [first, retry] = keysOf(calls);
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(retry).toBe(first);
  });

  it('gives the next action, even with the same body, a new key once the first succeeded', async () => {
    const { calls } = flakyServer(0);
    const { client } = makeClient({ token: 't' });
    const action = new ActionKey();
    const send = () =>
      action.run(body, (idempotencyKey) => client.call('depositOrder', { body, idempotencyKey }));
    await send();
    await send();
    const [a, b] = keysOf(calls);
    expect(b).not.toBe(a);
  });

  it('sends one key for a double tap (and the client sends the request once)', async () => {
    const resolvers: ((r: Response) => void)[] = [];
    const { calls } = stubFetch(() => new Promise<Response>((resolve) => resolvers.push(resolve)));
    const { client } = makeClient({ token: 't' });
    const action = new ActionKey();
    const send = () =>
      action.run(body, (idempotencyKey) => client.call('depositOrder', { body, idempotencyKey }));
    const taps = [send(), send()];
    await vi.waitFor(() => expect(calls.length).toBe(1));
    resolvers.forEach((resolve) => resolve(envelope(6000, { orderId: 'D1', payUrl: null })));
    const [one, two] = await Promise.all(taps);
    expect(one).toBe(two);
    expect(calls).toHaveLength(1);
  });

  it('starts over after a business answer (stored and replayed under its key), not after 7004', () => {
    const generate = vi.fn<() => string>().mockReturnValueOnce('k1').mockReturnValueOnce('k2');
    const action = new ActionKey(generate);
    const fp = fingerprintOf(body);
    expect(action.keyFor(fp)).toBe('k1');
    action.settle(new BusinessError(ErrorCode.IdempotencyInProgress));
    expect(action.keyFor(fp)).toBe('k1');
    action.settle(new ConnectionError('timeout'));
    expect(action.keyFor(fp)).toBe('k1');
    action.settle(new BusinessError(ErrorCode.InsufficientBalance));
    expect(action.keyFor(fp)).toBe('k2');
  });

  it('never reuses a pending key for another body (the server refuses that with 7003)', () => {
    const action = new ActionKey();
    const first = action.keyFor(fingerprintOf({ amount: '100' }));
    expect(action.keyFor(fingerprintOf({ amount: '200' }))).not.toBe(first);
  });

  it("a money mutation's automatic retry after a transport failure carries the same key", async () => {
    const { calls } = flakyServer(1);
    const { client } = makeClient({ token: 't' });
    const action = new ActionKey();
    const observer = new MutationObserver(new QueryClient(), {
      mutationFn: (input: typeof body) =>
        action.run(input, (idempotencyKey) =>
          client.call('depositOrder', { body: input, idempotencyKey }),
        ),
      retry: retryUnknownOutcome,
      retryDelay: 0,
    });
    await expect(observer.mutate(body)).resolves.toMatchObject({ orderId: 'D1' });
    expect(calls).toHaveLength(2);
    const [first, retry] = keysOf(calls);
    expect(retry).toBe(first);
  });

  it('retries only an unknown outcome, and only once', () => {
    expect(retryUnknownOutcome(0, new ConnectionError('timeout'))).toBe(true);
    expect(retryUnknownOutcome(1, new ConnectionError('timeout'))).toBe(false);
    expect(retryUnknownOutcome(0, new BusinessError(ErrorCode.InsufficientBalance))).toBe(false);
  });
});
