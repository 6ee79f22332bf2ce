import { ErrorCode } from '@nebula/protocol';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors';
import { serviceUrl, skipNotice } from '../../test/services';
import { TRANSFER_WINDOW_MS, TransferThrottle } from './transfer-throttle';

const redisUrl = serviceUrl('TEST_REDIS_URL');
if (!redisUrl) skipNotice('TEST_REDIS_URL', 'Redis transfer throttle');

async function codeOf(p: Promise<void>): Promise<number | null> {
  try {
    await p;
    return null;
  } catch (err) {
    return err instanceof AppError ? err.code : -1;
  }
}

describe('TransferThrottle in memory', () => {
  it('refuses a member past the limit with 7029 and retryAt, per member, per window', async () => {
    let now = 1_000_000;
    const throttle = new TransferThrottle({ redis: null, redisPrefix: '' }, () => now);
    for (let i = 0; i < 3; i += 1) expect(await codeOf(throttle.count(1, 3))).toBeNull();
    const refused = await throttle.count(1, 3).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).code).toBe(ErrorCode.TransferTooFrequent);
    expect((refused as AppError).data).toEqual({ retryAt: 1_000_000 + TRANSFER_WINDOW_MS });
    expect(await codeOf(throttle.count(2, 3))).toBeNull();
    now += TRANSFER_WINDOW_MS;
    expect(await codeOf(throttle.count(1, 3))).toBeNull();
  });
});

describe.skipIf(!redisUrl)('TransferThrottle on Redis', () => {
  const prefix = `nebula-test-${process.pid}-${Date.now()}:`;
  let a: Redis;
  let b: Redis;
  beforeAll(() => {
    a = new Redis(redisUrl!);
    b = new Redis(redisUrl!);
  });
  afterAll(async () => {
    const keys = await a.keys(`${prefix}*`);
    if (keys.length > 0) await a.del(...keys);
    await a.quit();
    await b.quit();
  });

  it('counts a member’s orders across nodes', async () => {
    const nodeA = new TransferThrottle({ redis: a, redisPrefix: prefix }, Date.now);
    const nodeB = new TransferThrottle({ redis: b, redisPrefix: prefix }, Date.now);
    expect(await codeOf(nodeA.count(7, 2))).toBeNull();
    expect(await codeOf(nodeB.count(7, 2))).toBeNull();
    expect(await codeOf(nodeA.count(7, 2))).toBe(ErrorCode.TransferTooFrequent);
    expect(await codeOf(nodeB.count(8, 2))).toBeNull();
    expect(await a.exists(`${prefix}rl:transfer:7`)).toBe(1);
  });
});
