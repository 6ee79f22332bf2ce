import { ErrorCode } from '@nebula/protocol';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors';
import { serviceUrl, skipNotice } from '../../test/services';
import { RECALL_WINDOW_MS, RecallThrottle } from './recall-throttle';

const redisUrl = serviceUrl('TEST_REDIS_URL');
if (!redisUrl) skipNotice('TEST_REDIS_URL', 'Redis recall throttle');

/** The refusal's code and data, or 'in' when the recall ran. */
async function outcome(p: Promise<unknown>): Promise<'in' | { code: number; data: unknown }> {
  try {
    await p;
    return 'in';
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return { code: err.code, data: err.data };
  }
}

/**
 * A recall that runs until `finish` is called, so a test can act while it is in flight;
 * `started` settles once the gate let it in (on Redis two nodes' entries race: the test waits).
 */
function held(): { run: () => Promise<string>; finish: () => void; started: Promise<void> } {
  let finish = () => undefined as void;
  let start = () => undefined as void;
  const done = new Promise<string>((ok) => (finish = () => ok('done')));
  const started = new Promise<void>((ok) => (start = ok));
  return {
    run: () => {
      start();
      return done;
    },
    finish,
    started,
  };
}

const quick = () => Promise.resolve('done');
const limits = { perWindow: 3, turnMs: 30_000 };

/** The same rules whichever store holds them; `nodes` are two platform nodes (or one twice). */
function rules(nodes: () => [RecallThrottle, RecallThrottle], member: () => number) {
  it('lets one recall of a member run at a time, on any node; the same key is 7004', async () => {
    const [a, b] = nodes();
    const m = member();
    const first = held();
    const running = a.guard(m, 'key-one-0001', first.run);
    // Node a's recall is under way before node b asks (two connections to Redis would otherwise
    // race, and either one may rightly get the turn).
    await first.started;
    const busy = await outcome(b.guard(m, 'key-two-0002', quick));
    expect(busy).toMatchObject({ code: ErrorCode.TransferTooFrequent });
    expect(typeof (busy as { data: { retryAt?: unknown } }).data.retryAt).toBe('number');
    expect(await outcome(b.guard(m, 'key-one-0001', quick))).toMatchObject({
      code: ErrorCode.IdempotencyInProgress,
    });
    // Another member is not held up.
    expect(await outcome(b.guard(m + 1, 'key-two-0002', quick))).toBe('in');
    first.finish();
    expect(await running).toBe('done');
    // The turn is free again once the recall ended, failed ones included.
    const failing = () => Promise.reject(new AppError(ErrorCode.HouseVenueUnavailable));
    expect(await outcome(b.guard(m, 'key-two-0002', failing))).toMatchObject({
      code: ErrorCode.HouseVenueUnavailable,
    });
    expect(await outcome(a.guard(m, 'key-three-03', quick))).toBe('in');
  });

  it('counts new keys a minute across nodes; a retry of a key let in is never counted', async () => {
    const [a, b] = nodes();
    const m = member();
    expect(await outcome(a.guard(m, 'key-a-000001', quick))).toBe('in');
    expect(await outcome(b.guard(m, 'key-b-000002', quick))).toBe('in');
    expect(await outcome(a.guard(m, 'key-c-000003', quick))).toBe('in');
    const refused = await outcome(b.guard(m, 'key-d-000004', quick));
    expect(refused).toMatchObject({ code: ErrorCode.TransferTooFrequent });
    // Every key already let in retries freely, on either node.
    for (const key of ['key-a-000001', 'key-b-000002', 'key-c-000003'])
      expect(await outcome(b.guard(m, key, quick))).toBe('in');
    // The refused key was not let in: it is still refused, not treated as a retry.
    expect(await outcome(a.guard(m, 'key-d-000004', quick))).toMatchObject({
      code: ErrorCode.TransferTooFrequent,
    });
  });
}

describe('RecallThrottle in memory', () => {
  let now = 5_000_000;
  let seq = 0;
  const one = new RecallThrottle({ redis: null, redisPrefix: '' }, () => now, limits);
  rules(
    () => [one, one],
    () => (seq += 10),
  );

  it('refuses with the window’s end as retryAt, and lets new keys in after it', async () => {
    const t = new RecallThrottle({ redis: null, redisPrefix: '' }, () => now, limits);
    const start = now;
    for (const k of ['key-1-00001', 'key-2-00002', 'key-3-00003'])
      expect(await outcome(t.guard(1, k, quick))).toBe('in');
    expect(await outcome(t.guard(1, 'key-4-00004', quick))).toEqual({
      code: ErrorCode.TransferTooFrequent,
      data: { retryAt: start + RECALL_WINDOW_MS },
    });
    now += RECALL_WINDOW_MS;
    expect(await outcome(t.guard(1, 'key-4-00004', quick))).toBe('in');
  });

  it('frees a turn its node never gave back once the turn runs out', async () => {
    const t = new RecallThrottle({ redis: null, redisPrefix: '' }, () => now, limits);
    const stuck = held();
    void t.guard(2, 'key-stuck-01', stuck.run);
    await stuck.started;
    expect(await outcome(t.guard(2, 'key-next-02', quick))).not.toBe('in');
    now += limits.turnMs;
    expect(await outcome(t.guard(2, 'key-next-02', quick))).toBe('in');
    stuck.finish();
  });
});

describe.skipIf(!redisUrl)('RecallThrottle on Redis (two nodes)', () => {
  const prefix = `nebula-test-recall-${process.pid}-${Date.now()}:`;
  let a: Redis;
  let b: Redis;
  let nodeA: RecallThrottle;
  let nodeB: RecallThrottle;
  let seq = 0;
  beforeAll(() => {
    a = new Redis(redisUrl!);
    b = new Redis(redisUrl!);
    nodeA = new RecallThrottle({ redis: a, redisPrefix: prefix }, Date.now, limits);
    nodeB = new RecallThrottle({ redis: b, redisPrefix: prefix }, Date.now, limits);
  });
  afterAll(async () => {
    const keys = await a.keys(`${prefix}*`);
    if (keys.length > 0) await a.del(...keys);
    await a.quit();
    await b.quit();
  });
  rules(
    () => [nodeA, nodeB],
    () => (seq += 10),
  );

  it('keeps its counts in Redis under the platform’s prefix, the turn freed after', async () => {
    await nodeA.guard(7, 'key-redis-01', quick);
    expect(await a.exists(`${prefix}rl:recall:7:count`)).toBe(1);
    expect(await a.exists(`${prefix}rl:recall:7:seen:key-redis-01`)).toBe(1);
    expect(await a.exists(`${prefix}rl:recall:7:turn`)).toBe(0);
  });
});
