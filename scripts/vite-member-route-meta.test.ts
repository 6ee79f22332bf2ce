import { describe, expect, it } from 'vitest';
import { routeMeta } from '../packages/protocol/src/api/route-meta';
import { memberCallTable } from './vite-member-route-meta';

describe("the member site's table of calls", () => {
  const table = memberCallTable();

  it('holds every call but the operators’, with its method, path, signature and money flag', () => {
    for (const [name, m] of Object.entries(routeMeta)) {
      if (m.auth === 'admin') {
        expect(table[name]).toBeUndefined();
        continue;
      }
      expect(table[name]).toEqual({
        method: m.method,
        path: m.path,
        signed: m.signed,
        ...('money' in m && m.money ? { money: true } : {}),
      });
    }
    expect(Object.keys(table).length).toBeGreaterThan(50);
  });

  it('keeps the money flag the request client turns into an idempotency key', () => {
    const money = Object.entries(table).filter(([, m]) => m.money);
    expect(money.length).toBeGreaterThan(0);
    for (const [name] of money)
      expect(routeMeta[name as keyof typeof routeMeta]).toMatchObject({ money: true });
  });
});
