import { ErrorCode } from '@nebula/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { adminToken, registerMember } from '../../test/factories';
import { testDbKind } from '../../test/test-db';
import { givePoints, makeItem, pointsOf, redeem, stockOf } from './mall.test-support';

/**
 * Redemption races on PostgreSQL, where they are real (PGlite's single connection would hide
 * them): the last item goes to one member; one member's parallel redemptions never overdraw.
 */
const onPostgres = testDbKind() === 'postgres';

let t: TestApp;
let op: string;
beforeAll(async () => {
  if (!onPostgres) return;
  t = await createTestApp({ seedDemo: false });
  op = await adminToken(t, 'finance');
});
afterAll(async () => {
  if (onPostgres) await t.close();
});

describe.skipIf(!onPostgres)('mall under concurrency (PostgreSQL)', () => {
  it('50 parallel redemptions of the last item: exactly one wins, the rest 9522, points kept', async () => {
    const members = await Promise.all(Array.from({ length: 50 }, () => registerMember(t)));
    await Promise.all(members.map((m) => givePoints(t, m, 100n)));
    const item = await makeItem(t, op, { kind: 'coins', price: '100', stock: 1 });
    const answers = await Promise.all(members.map((m) => redeem(m, item.id)));
    const codes = answers.map((a) => a.status_code);
    expect(codes.filter((c) => c === ErrorCode.Success)).toHaveLength(1);
    expect(codes.filter((c) => c !== ErrorCode.Success)).toEqual(
      Array(49).fill(ErrorCode.MallOutOfStock),
    );
    expect(await stockOf(t, item.id)).toBe(0);
    const held = await Promise.all(members.map((m) => pointsOf(t, m)));
    expect(held.filter((p) => p === 0n)).toHaveLength(1);
    expect(held.filter((p) => p === 100n)).toHaveLength(49);
    const rows = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM mall_redemptions WHERE item_id = $1',
      [item.id],
    );
    expect(rows.rows[0]!.n).toBe(1);
  });

  it("one member's parallel redemptions never overdraw their points", async () => {
    const m = await registerMember(t);
    await givePoints(t, m, 300n);
    const item = await makeItem(t, op, { kind: 'coins', price: '100', stock: 100 });
    const answers = await Promise.all(Array.from({ length: 12 }, () => redeem(m, item.id)));
    const codes = answers.map((a) => a.status_code);
    expect(codes.filter((c) => c === ErrorCode.Success)).toHaveLength(3);
    expect(codes.filter((c) => c !== ErrorCode.Success)).toEqual(
      Array(9).fill(ErrorCode.MallPointsInsufficient),
    );
    expect(await pointsOf(t, m)).toBe(0n);
    expect(await stockOf(t, item.id)).toBe(97);
    const r = await t.services.ledger.reconcile();
    expect(r.negative).toEqual([]);
    expect(r.assetSums.POINT).toBe(0n);
  });
});
