import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ErrorCode,
  fenToYuanString,
  parseMoney,
  type AdminVenueDebt,
  type LaunchResult,
  type WalletBalances,
} from '@nebula/protocol';
import type { BetView } from '@nebula/protocol/venue/bets';
import type { EventView } from '@nebula/protocol/venue/h5';
import { VENUE_OPERATOR_HEADER, venueOperatorPaths } from '@nebula/protocol/venue/operator';
import { seedDemoVenues } from '../../seed/demo-seed';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  adminCall,
  adminToken,
  expectCode,
  fund,
  idemKey,
  withdraw,
  withdrawReady,
  type Member,
} from '../../test/factories';
import {
  MERCHANT,
  newSecret,
  startHouseVenue,
  transfer,
  type HouseVenueProcess,
} from '../../test/venue-harness';

/**
 * A venue debt seen by the platform (contract §6), against the real house venue as its own
 * process: a member wins twice, takes the money home, and the venue's trader resettles a win
 * to lost — the venue keeps the shortfall as a debt. The platform learns it from the venue's
 * bet changes, shows it, holds it back from withdrawal (7035) until the member's transfer in
 * repays it (the venue's answer says so) or an operator writes it off (audited); the venue's
 * own admin can forgive it too, and the platform then sees none.
 */
let venue: HouseVenueProcess;
let t: TestApp;
let dataDir: string;
const operatorToken = newSecret();

beforeAll(async () => {
  const secret = newSecret();
  dataDir = await mkdtemp(path.join(tmpdir(), 'nebula-venue-debt-'));
  // A football match known to be in play (the test hook, refused in production): the calendar's
  // live matches can all be closed at once (an esports series already decided, goals just in).
  venue = await startHouseVenue({
    secret,
    dataDir,
    operatorToken,
    env: { VENUE_TEST_MATCH_AT: String(Date.now() - 60_000) },
  });
  t = await createTestApp({
    seedDemo: false,
    env: { VENUE_MERCHANT_SECRETS: `${MERCHANT}=${secret}` },
  });
  await seedDemoVenues(t.db, {
    origin: venue.url.replace('127.0.0.1', 'localhost'),
    apiUrl: venue.url,
  });
  await t.services.venues.reload();
  // Payout accounts usable at once: the withdrawals here are about the venue's debt.
  await t.services.settings.update({ payoutCooloffHours: 0 });
}, 90_000);
afterAll(async () => {
  await t?.close();
  await venue?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

/** The venue's back office, as its staff would call it. */
async function venueOperator<T>(call: keyof typeof venueOperatorPaths, body: unknown) {
  const r = await fetch(`${venue.url}${venueOperatorPaths[call]}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [VENUE_OPERATOR_HEADER]: operatorToken },
    body: JSON.stringify(body),
  });
  return (await r.json()) as { code: number; data: T };
}

const pause = () => new Promise((r) => setTimeout(r, 200));
const wallet = (m: Member) => m.client.data<WalletBalances>('walletBalances', { token: m.token });
const recallAll = (m: Member) =>
  m.client.data('transferRecall', {
    token: m.token,
    headers: { 'x-idempotency-key': idemKey() },
    body: {},
  });

/**
 * Three bets of 100.00 on the home side of a match in play, accepted and settled as won by the
 * venue's result (the venue's wallet left empty). The test match is in play on the sports venue
 * (FBTY); the esports one of the same dialect (LHDJ) is tried while it is suspended by a goal.
 */
async function threeWins(m: Member): Promise<{ code: string; bets: BetView[] }> {
  for (let tries = 0; tries < 30; tries += 1) {
    const code = tries % 2 === 0 ? 'FBTY' : 'LHDJ';
    const l = await m.client.data<LaunchResult>('venueLaunch', {
      token: m.token,
      body: { enName: code, isPreload: false, isManualLaunch: true },
    });
    const ex = await fetch(`${venue.url}/h5/api/session/exchange`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: new URL(l.url).searchParams.get('token') }),
    });
    const session = ((await ex.json()) as { data: { token: string } }).data.token;
    const page = async <T>(method: string, p: string, body?: unknown) => {
      const r = await fetch(`${venue.url}/v1${p}`, {
        method,
        headers: { authorization: `Bearer ${session}`, 'content-type': 'application/json' },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });
      return (await r.json()) as { code: number; data: T };
    };
    const live = await page<{ events: EventView[] }>('GET', '/events?tab=live');
    const ev = live.data.events.find(
      (e) => !e.suspended && e.markets.some((x) => x.kind === '1x2' || x.kind === 'ml'),
    );
    if (!ev) {
      await pause();
      continue;
    }
    await recallAll(m);
    expect((await transfer(m, code, 'in', '300.00')).data.status).toBe('succeeded');
    const sel = ev.markets.find((x) => x.kind === '1x2' || x.kind === 'ml')!.selections[0]!;
    const place = () =>
      page<BetView>('POST', '/bet/place', {
        requestKey: idemKey().slice(0, 60),
        legs: [{ selectionId: sel.selectionId, oddsMilli: sel.oddsMilli }],
        stake: '100.00',
        oddsPolicy: 'any',
      });
    const placed = [await place(), await place(), await place()];
    if (placed.some((p) => p.code !== 0)) continue;
    // In play: each is accepted after the venue's delay (or refused by a goal meanwhile).
    let open: BetView[] = [];
    for (let i = 0; i < 30 && open.length < 3; i += 1) {
      await pause();
      const mine = await page<{ bets: BetView[] }>('POST', '/bets', { settled: false });
      open = mine.data.bets.filter(
        (b) => placed.some((p) => p.data.betId === b.betId) && b.status === 'open',
      );
    }
    if (open.length < 3) continue;
    const score = ev.score ?? { home: 0, away: 0 };
    const entered = await venueOperator('result', {
      eventId: ev.eventId,
      status: 'finished',
      score: { home: Math.max(score.home, score.away) + 1, away: score.away },
      halfTime: ev.sport === 'football' ? (ev.halfTime ?? score) : null,
      reason: '测试赛果',
    });
    expect(entered.code).toBe(0);
    for (let i = 0; i < 50; i += 1) {
      await pause();
      const done = await page<{ bets: BetView[] }>('POST', '/bets', { settled: true });
      const won = done.data.bets.filter(
        (b) => open.some((o) => o.betId === b.betId) && b.result === 'won',
      );
      if (won.length === 3) return { code, bets: won };
    }
    throw new Error('the venue did not settle the bets');
  }
  throw new Error('no match in play to bet on');
}

/** The venue's trader resettles a won bet to lost; the platform pulls the venue's changes. */
async function resettleToLost(bet: BetView): Promise<void> {
  const r = await venueOperator('resettleBet', {
    betId: bet.betId,
    legs: [{ leg: 1, result: 'lost' }],
    reason: '赛果更正',
  });
  expect(r.code).toBe(0);
  await t.services.betSync.pullAll();
}

describe('a venue debt on the platform', () => {
  it('is seen, shown and held back from withdrawal until repaid or written off', async () => {
    const m = await withdrawReady(t);
    await fund(t, m.memberId, '1000', m.admin);
    const finance = await adminToken(t, 'finance');
    const { code, bets } = await threeWins(m);
    const [a, b, c] = bets as [BetView, BetView, BetView];
    const owed = a.payout!;
    // Everything home: 1000 − 300 in, then three payouts back.
    await recallAll(m);
    const home = (await wallet(m)).main;
    expect(parseMoney(home)).toBe(
      700_00n + [a, b, c].reduce((s, x) => s + parseMoney(x.payout!), 0n),
    );

    // A win resettled to lost once the money left: the venue keeps a debt, and the platform
    // learns it from the bet's corrected version alone.
    await resettleToLost(a);
    const seen = await wallet(m);
    expect(seen.venues.find((v) => v.code === code)).toMatchObject({
      balance: '0.00',
      debt: owed,
      debtHeld: owed,
    });
    expect(seen.debtHeld).toBe(owed);
    const listed = await adminCall<{ list: AdminVenueDebt[] }>(
      t,
      finance,
      'GET',
      `/admin/api/v1/venue-debts?memberId=${m.memberId}`,
    );
    expect(listed.data.list).toEqual([
      expect.objectContaining({ venueCode: code, debt: owed, writtenOff: '0.00', held: owed }),
    ]);

    // The withdrawal holds the debt back: all of main is refused with the debt shown.
    const refused = await expectCode(withdraw(m, home), ErrorCode.VenueDebtHeld);
    expect(refused.data).toMatchObject({
      debt: owed,
      withdrawable: fenToYuanString(parseMoney(home) - parseMoney(owed)),
      venues: [{ code, debt: owed }],
    });
    expect((await wallet(m)).main).toBe(home);

    // A transfer in repays it first; the venue's answer says so and the hold is lifted.
    await expectCode(transfer(m, code, 'in', owed), ErrorCode.Success);
    const repaid = await wallet(m);
    expect(repaid.venues.find((v) => v.code === code)).toMatchObject({
      balance: '0.00',
      debt: '0.00',
      debtHeld: '0.00',
    });
    await expectCode(withdraw(m, '100'), ErrorCode.Success);

    // Another win resettled: a new debt, held in full; an operator writes it off (audited).
    await resettleToLost(b);
    await expectCode(withdraw(m, (await wallet(m)).main), ErrorCode.VenueDebtHeld);
    const path = `/admin/api/v1/members/${m.memberId}/venues/${code}/debt/write-off`;
    const written = await adminCall<AdminVenueDebt>(t, finance, 'POST', path, {
      reason: '经核实核销',
    });
    expect(written).toMatchObject({
      status_code: ErrorCode.Success,
      data: { debt: b.payout, writtenOff: b.payout, held: '0.00' },
    });
    expect((await adminCall(t, finance, 'POST', path, { reason: '再次核销' })).status_code).toBe(
      ErrorCode.VenueDebtNone,
    );
    const audit = await t.db.query<{ after: { reason: string; amount: string } }>(
      `SELECT after FROM audit_log WHERE action = 'member.venueDebtWriteOff' AND target = $1`,
      [`member:${m.memberId}`],
    );
    expect(audit.rows.map((r) => r.after)).toMatchObject([
      { reason: '经核实核销', amount: b.payout },
    ]);
    // The venue still says so, but what was written off is no longer held back.
    const synced = await m.client.data<WalletBalances>('walletSync', { token: m.token, body: {} });
    expect(synced.venues.find((v) => v.code === code)).toMatchObject({
      debt: b.payout,
      debtHeld: '0.00',
    });
    await expectCode(withdraw(m, '100'), ErrorCode.Success);

    // A third win resettled: the venue's debt grows; only the new part is held back.
    await resettleToLost(c);
    const both = fenToYuanString(parseMoney(b.payout!) + parseMoney(c.payout!));
    expect((await wallet(m)).venues.find((v) => v.code === code)).toMatchObject({
      debt: both,
      debtHeld: c.payout,
    });
    const main = (await wallet(m)).main;
    await expectCode(withdraw(m, main), ErrorCode.VenueDebtHeld);

    // The venue's admin forgives it on the venue's side: the withdrawal asks the venue again
    // and goes through; the platform then sees no debt.
    const forgiven = await venueOperator('writeOffDebt', {
      merchant: MERCHANT,
      venueCode: code,
      playerId: `n${m.memberId}`,
      reason: '坏账核销',
    });
    expect(forgiven).toMatchObject({ code: 0, data: { debt: '0.00', writtenOff: both } });
    await expectCode(withdraw(m, main), ErrorCode.Success);
    const after = await wallet(m);
    expect(after.venues.find((v) => v.code === code)).toMatchObject({
      debt: '0.00',
      debtHeld: '0.00',
    });
    expect(after).toMatchObject({ main: '0.00', debtHeld: '0.00' });
  }, 90_000);
});
