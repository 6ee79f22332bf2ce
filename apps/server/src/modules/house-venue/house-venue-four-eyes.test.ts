import { createServer, type Server } from 'node:http';
import { ErrorCode } from '@nebula/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCall, adminToken, registerMember } from '../../test/factories';
import { bet, commissionVenue } from '../../test/commission-kit';
import { createTestApp, type TestApp } from '../../test/test-app';
import { freePort, newSecret } from '../../test/venue-harness';
import { APPROVAL_TTL_MS } from '../approvals/approvals.service';

/**
 * Four eyes on the house venue's voids and resettles (docs/contract.md §4.1), against a
 * stand-in venue that records each operator call it receives and accepts it: a bet the platform
 * values at or below the money threshold goes straight through; above it, or unvalued (no
 * copy, a market, a round), the call waits for a different operator holding
 * venue.results.approve, and the venue hears it once, in the requester's name.
 */
interface VenueCall {
  path: string;
  operator: string;
  body: Record<string, unknown>;
}
const calls: VenueCall[] = [];
let refuse = false;
let server: Server;
let t: TestApp;
let trader: string;
let trader2: string;
let approver: string;
/** The bet copies: at most ¥200 moves on `small`, at most ¥2,000 on `large`. */
let small: string;
let large: string;
const venueToken = newSecret();

beforeAll(async () => {
  const port = await freePort();
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      calls.push({
        path: req.url ?? '',
        operator: String(req.headers['x-operator-name']),
        body: JSON.parse(raw || '{}') as Record<string, unknown>,
      });
      res.setHeader('content-type', 'application/json');
      // 9624 stands for any refusal of the venue's own.
      res.end(JSON.stringify(refuse ? { code: 9624 } : { code: 0, data: { ok: true } }));
    });
  });
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
  t = await createTestApp({
    seedDemo: false,
    env: {
      DEMO_VENUE_API_URL: `http://127.0.0.1:${port}`,
      HOUSE_VENUE_OPERATOR_TOKEN: venueToken,
    },
  });
  await t.services.settings.update({ fourEyesMoneyThreshold: '1000' });
  await commissionVenue(t);
  const m = await registerMember(t);
  // The potential win is twice the stake.
  small = await bet(t, m, t.clock.now(), 10_000n, null);
  large = await bet(t, m, t.clock.now(), 100_000n, null);
  // A trading desk role: venue.results without its approval; the superuser holds both.
  approver = await adminToken(t, 'admin');
  const role = await adminCall<{ id: number }>(t, approver, 'POST', '/admin/api/v1/roles', {
    name: '赛果操作',
    permissions: ['venue.results'],
  });
  expect(role.status_code).toBe(ErrorCode.Success);
  trader = await adminToken(t, role.data.id);
  trader2 = await adminToken(t, role.data.id);
});
afterAll(async () => {
  await t?.close();
  await new Promise((r) => server?.close(r));
});

const base = '/admin/api/v1/house-venue';
const voidBet = (token: string, betId: string) =>
  adminCall<{ approvalId: number }>(t, token, 'POST', `${base}/bets/void`, {
    betId,
    reason: '赛事取消',
  });
const decide = (token: string, id: number, verb: 'approve' | 'reject') =>
  adminCall<{ status: string }>(
    t,
    token,
    'POST',
    `/admin/api/v1/approvals/${id}/${verb}`,
    verb === 'reject' ? { reason: '不批' } : {},
  );
const callsTo = (path: string) => calls.filter((c) => c.path === path);

describe('four eyes on house-venue voids and resettles', () => {
  it('a bet valued at or below the threshold is voided at once', async () => {
    expect((await voidBet(trader, small)).status_code).toBe(ErrorCode.Success);
    expect(callsTo('/operator/v1/bets/void')).toHaveLength(1);
  });

  it('above it: pending; not the requester, not without the permission; the venue hears it once', async () => {
    const before = calls.length;
    const asked = await voidBet(trader, large);
    expect(asked.status_code).toBe(ErrorCode.ApprovalPending);
    expect(calls.length).toBe(before);
    expect((await voidBet(trader2, large)).status_code).toBe(ErrorCode.ApprovalDuplicate);
    const id = asked.data.approvalId;
    expect((await decide(trader, id, 'approve')).status_code).toBe(ErrorCode.ApprovalOwnRequest);
    expect((await decide(trader2, id, 'approve')).status_code).toBe(ErrorCode.AdminForbidden);
    expect(calls.length).toBe(before);
    expect((await decide(approver, id, 'approve')).status_code).toBe(ErrorCode.Success);
    expect((await decide(approver, id, 'approve')).status_code).toBe(ErrorCode.ApprovalDecided);
    const heard = calls.slice(before);
    expect(heard).toHaveLength(1);
    expect(heard[0]).toMatchObject({
      path: '/operator/v1/bets/void',
      body: { betId: large, reason: '赛事取消' },
    });
    expect(heard[0]!.operator).toMatch(/^op/);
  });

  it('a venue refusal leaves the request pending; a rejection tells the venue nothing', async () => {
    const asked = await adminCall<{ approvalId: number }>(
      t,
      trader,
      'POST',
      `${base}/bets/resettle`,
      { betId: 'NOCOPY9', legs: [{ leg: 1, result: 'won' }], reason: '更正赛果' },
    );
    // No copy of the bet on the platform: it cannot be valued, so it waits.
    expect(asked.status_code).toBe(ErrorCode.ApprovalPending);
    refuse = true;
    expect((await decide(approver, asked.data.approvalId, 'approve')).status_code).toBe(
      ErrorCode.HouseVenueRefused,
    );
    refuse = false;
    const before = calls.length;
    expect((await decide(approver, asked.data.approvalId, 'reject')).status_code).toBe(
      ErrorCode.Success,
    );
    expect(calls.length).toBe(before);
  });

  it('a round void waits whatever the threshold; approved, the venue hears it once', async () => {
    // A games desk role: venue.games without venue.results.approve.
    const role = await adminCall<{ id: number }>(t, approver, 'POST', '/admin/api/v1/roles', {
      name: '游戏操作',
      permissions: ['venue.games'],
    });
    const games = await adminToken(t, role.data.id);
    const games2 = await adminToken(t, role.data.id);
    // A round (every bet on it) cannot be valued before the venue acts: even far above any
    // round's stakes the threshold lets nothing through.
    await t.services.settings.update({ fourEyesMoneyThreshold: '10000000' });
    const voidRound = (token: string) =>
      adminCall<{ approvalId: number }>(t, token, 'POST', `${base}/games/rounds/void`, {
        gameCode: 'K3',
        roundNo: '20261127001',
        reason: '开奖异常',
      });
    try {
      const before = calls.length;
      const asked = await voidRound(games);
      expect(asked.status_code).toBe(ErrorCode.ApprovalPending);
      expect((await voidRound(games2)).status_code).toBe(ErrorCode.ApprovalDuplicate);
      const id = asked.data.approvalId;
      const filed = await t.db.query<{ target: string; amount: string | null }>(
        'SELECT target, amount FROM approval_requests WHERE id = $1',
        [id],
      );
      expect(filed.rows[0]).toEqual({ target: 'round:K3:20261127001', amount: null });
      expect((await decide(games, id, 'approve')).status_code).toBe(ErrorCode.ApprovalOwnRequest);
      expect((await decide(games2, id, 'approve')).status_code).toBe(ErrorCode.AdminForbidden);
      expect(calls.length).toBe(before);
      expect((await decide(approver, id, 'approve')).status_code).toBe(ErrorCode.Success);
      expect((await decide(approver, id, 'approve')).status_code).toBe(ErrorCode.ApprovalDecided);
      const heard = calls.slice(before);
      expect(heard).toHaveLength(1);
      expect(heard[0]).toMatchObject({
        path: '/operator/v1/games/rounds/void',
        body: { gameCode: 'K3', roundNo: '20261127001', reason: '开奖异常' },
      });
      // In the requester's name, not the approver's.
      const who = await adminCall<{ userName: string }>(t, games, 'GET', '/admin/api/v1/me');
      expect(heard[0]!.operator).toBe(who.data.userName);
    } finally {
      await t.services.settings.update({ fourEyesMoneyThreshold: '1000' });
    }
  });

  it('a market void always waits, and expires after 24 hours unheard', async () => {
    const before = calls.length;
    const asked = await adminCall<{ approvalId: number }>(
      t,
      trader,
      'POST',
      `${base}/markets/void`,
      {
        eventId: 'ev1',
        marketKey: 'ev1:ft:1x2',
        reason: '盘口错误',
      },
    );
    expect(asked.status_code).toBe(ErrorCode.ApprovalPending);
    t.clock.advance(APPROVAL_TTL_MS + 1000);
    approver = await adminToken(t, 'admin');
    expect((await decide(approver, asked.data.approvalId, 'approve')).status_code).toBe(
      ErrorCode.ApprovalExpired,
    );
    expect(calls.length).toBe(before);
  });
});
