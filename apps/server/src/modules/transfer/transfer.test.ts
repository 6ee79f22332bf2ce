/*
 * Over 300 lines on purpose: one suite over one testbed (platform and fake venue), started once;
 * each case is a transfer rule.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ErrorCode,
  type LaunchResult,
  type RecallResult,
  type TransferOrderPage,
  type WalletBalances,
} from '@nebula/protocol';
import { adminCall, adminToken, expectCode, idemKey, type Member } from '../../test/factories';
import { fakeVenueTestbed, fundedMember, transfer, type Testbed } from '../../test/venue-harness';

/**
 * Transfers main ↔ venue over HTTP against a fake venue that keeps the merchant contract
 * (contract §6): the ledger model, retries by key, definite failures only reversing, unknown
 * outcomes pending until the resolver gets a definite answer, maintenance, recall, operators.
 */
let bed: Testbed;
beforeAll(async () => {
  bed = await fakeVenueTestbed({ codes: ['FAKE', 'FAKE2'] });
});
afterAll(() => bed.close());

const balances = (m: Member) => m.client.data<WalletBalances>('walletBalances', { token: m.token });
const venueOf = (b: WalletBalances, code: string) => b.venues.find((v) => v.code === code)!;
const reconcile = async () =>
  (await adminCall<{ ok: boolean }>(bed.t, bed.admin, 'GET', '/admin/api/v1/ledger/reconcile')).data
    .ok;
const rollUp = () => bed.t.services.ledger.rollUp();

describe('transfer in and out', () => {
  it('moves money in (main → transit → venue float) and out (float → main)', async () => {
    const m = await fundedMember(bed.t, '500', bed.admin);
    const into = await transfer(m, 'FAKE', 'in', '200');
    expect(into.status_code).toBe(ErrorCode.Success);
    expect(into.data).toMatchObject({
      status: 'succeeded',
      order: { direction: 'in', amount: '200.00' },
    });
    expect(into.data.balances.main).toBe('300.00');
    expect(venueOf(into.data.balances, 'FAKE')).toMatchObject({
      balance: '200.00',
      pendingIn: '0.00',
    });
    expect(venueOf(into.data.balances, 'FAKE').syncedAt).toEqual(expect.any(Number));
    expect(into.data.balances.total).toBe('500.00');
    const out = await transfer(m, 'FAKE', 'out', '50.5');
    expect(out.data).toMatchObject({ status: 'succeeded' });
    expect(out.data.balances.main).toBe('350.50');
    expect(venueOf(out.data.balances, 'FAKE').balance).toBe('149.50');
    await rollUp();
    expect(await reconcile()).toBe(true);
    // The records show both, and filter on them.
    const rec = await m.client.data<{ list: { type: string; amount: string }[] }>('records', {
      token: m.token,
      query: { type: 'transferIn' },
    });
    expect(rec.list.map((r) => [r.type, r.amount])).toEqual([['transferIn', '-200.00']]);
  });

  it('a retry of the key answers the same transfer, whatever the time; another body is 7003', async () => {
    const m = await fundedMember(bed.t, '100', bed.admin);
    const key = idemKey();
    const first = await transfer(m, 'FAKE', 'in', '40', key);
    // Three days on: past the generic idempotency store (24 h) and the member's session.
    bed.t.clock.advance(3 * 24 * 3600_000);
    bed.admin = await adminToken(bed.t);
    m.token = (
      await m.client.data<{ token: string }>('login', {
        body: { userName: m.userName, password: m.password },
      })
    ).token;
    const again = await transfer(m, 'FAKE', 'in', '40', key);
    expect(again.data.transferId).toBe(first.data.transferId);
    expect(again.data.balances.main).toBe('60.00');
    await expectCode(transfer(m, 'FAKE', 'in', '41', key), ErrorCode.IdempotencyKeyReused);
    await expectCode(transfer(m, 'FAKE2', 'in', '40', key), ErrorCode.IdempotencyKeyReused);
    // The venue saw one transfer for it.
    expect(
      [...bed.venue.state.transfers.keys()].filter((id) => id === first.data.transferId),
    ).toHaveLength(1);
  });

  it('the key is required (7002) and well-formed (10003)', async () => {
    const m = await fundedMember(bed.t, '10', bed.admin);
    const call = (key?: string) =>
      m.client.call('transferOrder', {
        token: m.token,
        headers: key === undefined ? {} : { 'x-idempotency-key': key },
        body: { venueCode: 'FAKE', direction: 'in', amount: '1' },
      });
    await expectCode(call(), ErrorCode.IdempotencyKeyMissing);
    await expectCode(call('bad key!'), ErrorCode.Validation);
  });

  it('beyond the main balance: failed (7001), nothing moved, the same on a retry', async () => {
    const m = await fundedMember(bed.t, '10', bed.admin);
    const key = idemKey();
    const r = await transfer(m, 'FAKE', 'in', '10.01', key);
    expect(r.data).toMatchObject({
      status: 'failed',
      order: { failure: { code: ErrorCode.InsufficientBalance } },
    });
    expect(r.data.balances.main).toBe('10.00');
    expect((await transfer(m, 'FAKE', 'in', '10.01', key)).data.status).toBe('failed');
    expect(bed.venue.state.transfers.has(r.data.transferId)).toBe(false);
  });

  it('an out beyond the venue balance is a definite refusal: failed, main unchanged', async () => {
    const m = await fundedMember(bed.t, '10', bed.admin);
    const r = await transfer(m, 'FAKE', 'out', '5');
    expect(r.data).toMatchObject({
      status: 'failed',
      order: { failure: { code: ErrorCode.VenueBalanceInsufficient } },
    });
    expect(r.data.balances.main).toBe('10.00');
  });

  it('a burst past transferOrdersPerMinute is refused (7029) and writes no row; a retry of a key is free', async () => {
    const m = await fundedMember(bed.t, '10', bed.admin);
    const { transferOrdersPerMinute: limit } = await bed.t.services.settings.get();
    expect(limit).toBe(20);
    // 50 orders at once, each a failure (beyond the venue balance) that used to leave a row.
    const keys = Array.from({ length: 50 }, () => idemKey());
    const started = bed.t.clock.now();
    const answers = await Promise.all(keys.map((k) => transfer(m, 'FAKE', 'out', '5', k)));
    const refused = answers.filter((a) => a.status_code === ErrorCode.TransferTooFrequent);
    const failed = answers.filter((a) => a.status_code === ErrorCode.Success);
    expect(failed).toHaveLength(limit);
    // Each a definite failure; when not, what the platform heard from the venue says why.
    const unsettled = await bed.t.db.query<{ status: string; last_answer: string | null }>(
      "SELECT status, last_answer FROM venue_transfers WHERE member_id = $1 AND status <> 'failed'",
      [m.memberId],
    );
    expect(unsettled.rows).toEqual([]);
    expect(failed.every((a) => a.data.status === 'failed')).toBe(true);
    expect(refused).toHaveLength(50 - limit);
    expect(refused[0]!.message).toBe('转账操作过于频繁，请稍后再试');
    // The window opened with the first order of the burst and closes a minute later.
    const { retryAt } = refused[0]!.data as unknown as { retryAt: number };
    expect(retryAt).toBeGreaterThanOrEqual(started + 60_000);
    expect(retryAt).toBeLessThanOrEqual(bed.t.clock.now() + 60_000);
    const rows = await bed.t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM venue_transfers WHERE member_id = $1',
      [m.memberId],
    );
    expect(rows.rows[0]!.n).toBe(limit);
    // A retry of a key already answered is a replay, not a new order.
    const first = keys[answers.findIndex((a) => a.status_code === ErrorCode.Success)]!;
    expect((await transfer(m, 'FAKE', 'out', '5', first)).data.status).toBe('failed');
    // Another member is not held up; the next minute the member may order again.
    const other = await fundedMember(bed.t, '10', bed.admin);
    await expectCode(transfer(other, 'FAKE', 'in', '1'), ErrorCode.Success);
    await expectCode(transfer(m, 'FAKE', 'in', '1'), ErrorCode.TransferTooFrequent);
    bed.t.clock.advance(61_000);
    await expectCode(transfer(m, 'FAKE', 'in', '1'), ErrorCode.Success);
  });

  it('unknown venue 8100, zero 7027', async () => {
    const m = await fundedMember(bed.t, '10', bed.admin);
    await expectCode(transfer(m, 'NOPE', 'in', '1'), ErrorCode.VenueNotFound);
    await expectCode(transfer(m, 'FAKE', 'in', '0'), ErrorCode.TransferAmountZero);
  });
});

describe('unknown outcomes', () => {
  it('venue down: pending, the money shown where it is, the resolver completes it when it returns', async () => {
    const m = await fundedMember(bed.t, '100', bed.admin);
    bed.venue.control.down = true;
    const r = await transfer(m, 'FAKE', 'in', '30');
    expect(r.data.status).toBe('pending');
    expect(r.data.balances).toMatchObject({ main: '70.00', inFlight: '30.00', total: '100.00' });
    expect(venueOf(r.data.balances, 'FAKE').pendingIn).toBe('30.00');
    // The resolver asks only once the transfer is due, and gets nothing while the venue is down.
    bed.t.clock.advance(11_000);
    await bed.t.services.transferResolver.resolveDue();
    expect((await balances(m)).inFlight).toBe('30.00');
    bed.venue.control.down = false;
    bed.t.clock.advance(120_000);
    await bed.t.services.transferResolver.resolveDue();
    // Its call never reached the venue: not_found is final, and the money comes back.
    const after = await balances(m);
    expect(after).toMatchObject({ main: '100.00', inFlight: '0.00' });
    const orders = await m.client.data<TransferOrderPage>('transferOrders', { token: m.token });
    expect(orders.list[0]).toMatchObject({
      status: 'failed',
      failure: { code: ErrorCode.TransferNotReceived },
    });
  });

  it('slow venue that applied: pending, then the resolver completes it as applied', async () => {
    const m = await fundedMember(bed.t, '100', bed.admin);
    bed.venue.control.delayMs = 2500; // beyond the client's 1.5 s: the call times out, the venue applies
    const r = await transfer(m, 'FAKE', 'in', '25');
    bed.venue.control.delayMs = 0;
    expect(r.data.status).toBe('pending');
    await new Promise((res) => setTimeout(res, 1200));
    bed.t.clock.advance(11_000);
    await bed.t.services.transferResolver.resolveDue();
    const b = await balances(m);
    expect(b).toMatchObject({ main: '75.00', inFlight: '0.00' });
    expect(venueOf(b, 'FAKE').balance).toBe('25.00');
    await rollUp();
    expect(await reconcile()).toBe(true);
  });

  it('a forged "applied" moves nothing; the real answer later does', async () => {
    const m = await fundedMember(bed.t, '100', bed.admin);
    await transfer(m, 'FAKE', 'in', '10');
    bed.venue.control.forgeAnswers = true;
    const r = await transfer(m, 'FAKE', 'out', '5');
    bed.venue.control.forgeAnswers = false;
    expect(r.data.status).toBe('pending');
    expect((await balances(m)).main).toBe('90.00');
    bed.t.clock.advance(11_000);
    await bed.t.services.transferResolver.resolveDue();
    expect((await balances(m)).main).toBe('95.00');
  });

  it('operators see pending transfers and resolve one from the venue answer (audited)', async () => {
    const m = await fundedMember(bed.t, '100', bed.admin);
    bed.venue.control.down = true;
    const r = await transfer(m, 'FAKE', 'in', '10');
    const list = await adminCall<{
      list: { transferId: string; userName: string; status: string }[];
    }>(bed.t, bed.admin, 'GET', `/admin/api/v1/transfers?status=pending&memberId=${m.memberId}`);
    expect(list.data.list).toEqual([
      expect.objectContaining({
        transferId: r.data.transferId,
        userName: m.userName,
        status: 'pending',
      }),
    ]);
    const url = `/admin/api/v1/transfers/${r.data.transferId}/resolve`;
    // The venue cannot answer: nothing is guessed.
    expect((await adminCall(bed.t, bed.admin, 'POST', url, { reason: '核对' })).status_code).toBe(
      ErrorCode.TransferUnresolved,
    );
    bed.venue.control.down = false;
    const done = await adminCall<{ status: string }>(bed.t, bed.admin, 'POST', url, {
      reason: '核对',
    });
    expect(done.data.status).toBe('failed');
    expect((await balances(m)).main).toBe('100.00');
    expect((await adminCall(bed.t, bed.admin, 'POST', url, { reason: '再次' })).status_code).toBe(
      ErrorCode.TransferSettled,
    );
    const audit = await adminCall<{ list: { action: string; target: string }[] }>(
      bed.t,
      bed.admin,
      'GET',
      '/admin/api/v1/audit?pageSize=5',
    );
    expect(audit.data.list).toContainEqual(
      expect.objectContaining({
        action: 'transfer.resolve',
        target: `transfer:${r.data.transferId}`,
      }),
    );
  });
});

describe('maintenance, recall and the member switch', () => {
  it('a venue in maintenance refuses transfers in (6014); its balance can still be recalled', async () => {
    const m = await fundedMember(bed.t, '100', bed.admin);
    await transfer(m, 'FAKE2', 'in', '60');
    await adminCall(bed.t, bed.admin, 'POST', '/admin/api/v1/venues/FAKE2', {
      status: 'maintenance',
    });
    try {
      await expectCode(transfer(m, 'FAKE2', 'in', '1'), ErrorCode.VenueMaintenance);
      const r = await m.client.data<RecallResult>('transferRecall', {
        token: m.token,
        headers: { 'x-idempotency-key': idemKey() },
        body: {},
      });
      expect(r.transfers).toEqual([
        expect.objectContaining({
          venueCode: 'FAKE2',
          direction: 'out',
          amount: '60.00',
          status: 'succeeded',
          kind: 'recall',
        }),
      ]);
      expect(r.balances.main).toBe('100.00');
    } finally {
      await adminCall(bed.t, bed.admin, 'POST', '/admin/api/v1/venues/FAKE2', { status: 'open' });
    }
  });

  it("a refusal before the transfer opens is the key's answer: a retry after maintenance is refused alike", async () => {
    const m = await fundedMember(bed.t, '100', bed.admin);
    const key = idemKey();
    await adminCall(bed.t, bed.admin, 'POST', '/admin/api/v1/venues/FAKE2', {
      status: 'maintenance',
    });
    try {
      await expectCode(transfer(m, 'FAKE2', 'in', '10', key), ErrorCode.VenueMaintenance);
    } finally {
      await adminCall(bed.t, bed.admin, 'POST', '/admin/api/v1/venues/FAKE2', { status: 'open' });
    }
    // The venue is open again: the same key still answers its first outcome and moves nothing.
    await expectCode(transfer(m, 'FAKE2', 'in', '10', key), ErrorCode.VenueMaintenance);
    await expectCode(transfer(m, 'FAKE2', 'in', '10.00', key), ErrorCode.VenueMaintenance);
    await expectCode(transfer(m, 'FAKE2', 'in', '11', key), ErrorCode.IdempotencyKeyReused);
    expect((await balances(m)).main).toBe('100.00');
    // A new key is a new order, and it goes through.
    expect((await transfer(m, 'FAKE2', 'in', '10')).data.status).toBe('succeeded');
    expect((await balances(m)).main).toBe('90.00');
  });

  it('a family in maintenance refuses transfers in (6013)', async () => {
    const m = await fundedMember(bed.t, '10', bed.admin);
    await bed.t.services.settings.update({ venueFamiliesMaintenance: ['TY'] });
    try {
      await expectCode(transfer(m, 'FAKE', 'in', '1'), ErrorCode.ModuleMaintenance);
    } finally {
      await bed.t.services.settings.update({ venueFamiliesMaintenance: [] });
    }
  });

  it('recall empties every venue once; a retry of the key finds the same transfers', async () => {
    const m = await fundedMember(bed.t, '100', bed.admin);
    await transfer(m, 'FAKE', 'in', '30');
    await transfer(m, 'FAKE2', 'in', '20');
    const key = idemKey();
    const call = () =>
      m.client.data<RecallResult>('transferRecall', {
        token: m.token,
        headers: { 'x-idempotency-key': key },
        body: {},
      });
    const first = await call();
    expect(first.transfers.map((x) => [x.venueCode, x.amount]).sort()).toEqual([
      ['FAKE', '30.00'],
      ['FAKE2', '20.00'],
    ]);
    const again = await call();
    expect(again.transfers.map((x) => x.transferId).sort()).toEqual(
      first.transfers.map((x) => x.transferId).sort(),
    );
    expect(again.balances.main).toBe('100.00');
  });

  it('a recall with the venues down names the ones it could not ask, and a retry recalls them', async () => {
    const m = await fundedMember(bed.t, '100', bed.admin);
    await transfer(m, 'FAKE', 'in', '30');
    await transfer(m, 'FAKE2', 'in', '20');
    const key = idemKey();
    const call = () =>
      m.client.data<RecallResult>('transferRecall', {
        token: m.token,
        headers: { 'x-idempotency-key': key },
        body: {},
      });
    bed.venue.control.down = true;
    let down: RecallResult;
    try {
      down = await call();
    } finally {
      bed.venue.control.down = false;
    }
    expect(down.transfers).toEqual([]);
    expect(down.unreachable).toEqual([
      { venueCode: 'FAKE', venueName: '测试场馆FAKE' },
      { venueCode: 'FAKE2', venueName: '测试场馆FAKE2' },
    ]);
    expect(down.balances.main).toBe('50.00');
    const back = await call();
    expect(back.unreachable).toEqual([]);
    expect(back.transfers.map((x) => [x.venueCode, x.amount]).sort()).toEqual([
      ['FAKE', '30.00'],
      ['FAKE2', '20.00'],
    ]);
    expect(back.balances.main).toBe('100.00');
    // A venue that answers with nothing to bring home is not unreachable.
    const again = await m.client.data<RecallResult>('transferRecall', {
      token: m.token,
      headers: { 'x-idempotency-key': idemKey() },
      body: {},
    });
    expect(again).toMatchObject({ transfers: [], unreachable: [] });
  });

  it('免转 with a venue down: the launch names it, its money stays there, the rest moves in', async () => {
    const m = await fundedMember(bed.t, '100', bed.admin);
    await transfer(m, 'FAKE', 'in', '30');
    bed.venue.control.downCodes = ['FAKE'];
    let l: LaunchResult;
    try {
      l = await m.client.data<LaunchResult>('venueLaunch', {
        token: m.token,
        body: { enName: 'FAKE2', isPreload: false, isManualLaunch: true, appSendMoney: true },
      });
    } finally {
      bed.venue.control.downCodes = [];
    }
    expect(l.autoTransfer!.unreachable).toEqual([{ venueCode: 'FAKE', venueName: '测试场馆FAKE' }]);
    expect(l.autoTransfer!.transfers.map((x) => [x.venueCode, x.direction, x.amount])).toEqual([
      ['FAKE2', 'in', '70.00'],
    ]);
    const w = await balances(m);
    expect(w.main).toBe('0.00');
    expect(venueOf(w, 'FAKE2').balance).toBe('70.00');
    // The next 免转 launch, with every venue answering, brings FAKE's money over too.
    const again = await m.client.data<LaunchResult>('venueLaunch', {
      token: m.token,
      body: { enName: 'FAKE2', isPreload: false, isManualLaunch: true, appSendMoney: true },
    });
    expect(again.autoTransfer!.unreachable).toEqual([]);
    expect(again.autoTransfer!.transfers.map((x) => [x.venueCode, x.direction, x.amount])).toEqual([
      ['FAKE', 'out', '30.00'],
      ['FAKE2', 'in', '30.00'],
    ]);
  });

  it('one recall of a member at a time, ten new keys a minute; a retry of a key is not refused', async () => {
    const m = await fundedMember(bed.t, '100', bed.admin);
    await transfer(m, 'FAKE', 'in', '30');
    await transfer(m, 'FAKE2', 'in', '20');
    const recall = (key: string) =>
      m.client.call<RecallResult>('transferRecall', {
        token: m.token,
        headers: { 'x-idempotency-key': key },
        body: {},
      });
    const asked = () => bed.venue.control.calls.balance ?? 0;
    const first = idemKey();
    const before = asked();
    bed.venue.control.delayMs = 400;
    let running: ReturnType<typeof recall>;
    try {
      running = recall(first);
      // Once the venues are being asked, the recall holds the member's turn.
      await expect.poll(asked, { interval: 20 }).toBeGreaterThan(before);
      const other = await expectCode(recall(idemKey()), ErrorCode.TransferTooFrequent);
      expect(typeof (other.data as unknown as { retryAt?: unknown }).retryAt).toBe('number');
      await expectCode(recall(first), ErrorCode.IdempotencyInProgress);
      expect((await running).status_code).toBe(ErrorCode.Success);
    } finally {
      bed.venue.control.delayMs = 0;
    }
    // The refused calls asked no venue: one question per venue, from the first recall.
    expect(asked() - before).toBe(2);
    // A minute holds ten new keys (the first was one); a retry of a key is never counted.
    for (let i = 0; i < 9; i += 1) await expectCode(recall(idemKey()), ErrorCode.Success);
    const late = idemKey();
    const refused = await expectCode(recall(late), ErrorCode.TransferTooFrequent);
    const again = await expectCode(recall(first), ErrorCode.Success);
    expect(again.data.balances.main).toBe('100.00');
    const { retryAt } = refused.data as unknown as { retryAt: number };
    bed.t.clock.advance(retryAt - bed.t.clock.now());
    await expectCode(recall(late), ErrorCode.Success);
  });

  it('the 免转 switch is the member’s own', async () => {
    const m = await fundedMember(bed.t, '0', bed.admin);
    expect(await m.client.data('transferPrefs', { token: m.token })).toEqual({
      appSendMoney: false,
    });
    await m.client.data('transferPrefsSet', { token: m.token, body: { appSendMoney: true } });
    expect(await m.client.data('transferPrefs', { token: m.token })).toEqual({
      appSendMoney: true,
    });
  });

  it("an operator brings a member's venue balances home (audited)", async () => {
    const m = await fundedMember(bed.t, '100', bed.admin);
    await transfer(m, 'FAKE', 'in', '45');
    const r = await bed.t.app.inject({
      method: 'POST',
      url: `/admin/api/v1/members/${m.memberId}/venues/recall`,
      headers: { 'x-admin-token': bed.admin, 'x-idempotency-key': idemKey() },
      payload: { reason: '会员冻结，回收余额' },
    });
    expect(
      r.json<{ data: { transfers: { status: string }[]; unreachable: unknown[] } }>().data,
    ).toEqual({
      transfers: [expect.objectContaining({ status: 'succeeded', userName: m.userName })],
      unreachable: [],
    });
    expect((await balances(m)).main).toBe('100.00');
  });

  it('lists the member’s own transfers with filters', async () => {
    const m = await fundedMember(bed.t, '100', bed.admin);
    await transfer(m, 'FAKE', 'in', '10');
    await transfer(m, 'FAKE', 'out', '99');
    const all = await m.client.data<TransferOrderPage>('transferOrders', { token: m.token });
    expect(all.total).toBe(2);
    const failed = await m.client.data<TransferOrderPage>('transferOrders', {
      token: m.token,
      query: { status: 'failed' },
    });
    expect(failed.list.map((o) => o.amount)).toEqual(['99.00']);
  });
});
