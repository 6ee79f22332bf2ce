import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PreInfo } from '@nebula/protocol';
import { createTestApp, type TestApp } from '../test/test-app';
import { serviceUrl, skipNotice } from '../test/services';
import { testDbKind } from '../test/test-db';
import { MemoryBus } from './memory-bus';
import { RedisBus } from './redis-bus';

const redisUrl = serviceUrl('TEST_REDIS_URL');
if (!redisUrl) skipNotice('TEST_REDIS_URL', 'Redis bus suite');

describe('MemoryBus', () => {
  it('delivers to every subscriber and stops after unsubscribe', async () => {
    const bus = new MemoryBus();
    const seen: string[][] = [];
    const off = await bus.subscribe('settings.changed', (p) => seen.push(p.keys));
    await bus.publish('settings.changed', { keys: ['a'] });
    await new Promise((r) => setTimeout(r, 5));
    await off();
    await bus.publish('settings.changed', { keys: ['b'] });
    await new Promise((r) => setTimeout(r, 5));
    expect(seen).toEqual([['a']]);
  });
});

describe.skipIf(!redisUrl)('RedisBus', () => {
  const prefix = `nebula-test-${process.pid}-${Date.now()}:`;
  let a: RedisBus;
  let b: RedisBus;
  beforeAll(async () => {
    a = await RedisBus.connect(redisUrl!, prefix);
    b = await RedisBus.connect(redisUrl!, prefix);
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  it('carries a message from one connection to another', async () => {
    const got = new Promise<string[]>((resolve) => {
      void b.subscribe('settings.changed', (p) => resolve(p.keys));
    });
    await new Promise((r) => setTimeout(r, 50));
    await a.publish('settings.changed', { keys: ['siteTitle'] });
    expect(await got).toEqual(['siteTitle']);
  });
});

// Two platform nodes on one database and one Redis: a settings change on node A is seen by
// node B at once (B drops its cache on the bus message). Needs a shared database: PostgreSQL.
describe.skipIf(!redisUrl || testDbKind() !== 'postgres')('two nodes over Redis', () => {
  let nodeA: TestApp;
  let nodeB: TestApp;
  beforeAll(async () => {
    const prefix = `nebula-nodes-${process.pid}-${Date.now()}:`;
    nodeA = await createTestApp({ bus: await RedisBus.connect(redisUrl!, prefix) });
    nodeB = await createTestApp({
      bus: await RedisBus.connect(redisUrl!, prefix),
      db: { db: nodeA.db, url: nodeA.dbUrl },
      secrets: nodeA.secrets,
    });
  });
  afterAll(async () => {
    await nodeB.app.close();
    await nodeA.close();
  });

  it('a settings change on node A reaches node B', async () => {
    const before = await nodeB.client().data<PreInfo>('preInfo', { body: {} });
    expect(before.SiteBaseConfigVo.title).not.toBe('节点A修改');
    await nodeA.services.settings.update({ siteTitle: '节点A修改' });
    await new Promise((r) => setTimeout(r, 100));
    const after = await nodeB.client().data<PreInfo>('preInfo', { body: {} });
    expect(after.SiteBaseConfigVo.title).toBe('节点A修改');
  });
});
