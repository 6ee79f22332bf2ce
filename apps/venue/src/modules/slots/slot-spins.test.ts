import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, parseMoney } from '@nebula/protocol';
import { createStream } from '@nebula/protocol/fair/byte-stream';
import { hexToBytes } from '@nebula/protocol/fair/bytes';
import { seedCommitment } from '@nebula/protocol/fair/player-seeds';
import { BetChanges } from '@nebula/protocol/venue/merchant';
import {
  RotateSeedResult,
  SeedPairView,
  SpinHistory,
  SpinResult,
} from '@nebula/protocol/venue/games/index';
import { FXGZ_PAR_SHEET, LTSH_PAR_SHEET, spin } from '@nebula/protocol/venue/games/slots/index';
import { createVenueTestApp, type VenueTestApp } from '../../test/venue-test-app';
import { newKey } from '../../test/game-kit';
import { SLOT_VENUE_CODES } from '../../test/slot-kit';

/**
 * Paid spins over the real HTTP app (docs/contract.md §10.13): every refusal code with nothing
 * debited, a retry and a double tap spinning once, the nonce sequence of the player's seed
 * pair, each spin recomputed from the revealed seed with the slot engine and paid exactly so,
 * the 2.5 s cycle on the venue's test clock, and the spin's bet in the merchant feed.
 */

let v: VenueTestApp;
let player: { playerId: string; token: string };
beforeAll(async () => {
  v = await createVenueTestApp({ VENUE_CODES: SLOT_VENUE_CODES });
  player = await v.fundedPlayer('1000.00', 'HOUSE_DZ');
});
afterAll(() => v.close());

const balance = async (who = player) =>
  (await v.call<{ balance: string }>('balance', { venueCode: 'HOUSE_DZ', playerId: who.playerId }))
    .data!.balance;

/** A spin 2.5 s after the previous on the venue's clock (the cycle is measured there). */
async function spinAt(
  body: Record<string, unknown>,
  who = player,
  stepMs = 2500,
): Promise<{ code: number | string; data?: unknown; message?: string }> {
  v.clock.offset += stepMs;
  return v.page('POST', '/h5/api/games/slots/spins', who.token, {
    requestKey: newKey(),
    gameCode: 'FXGZ',
    lineBet: '0.10',
    ...body,
  });
}

async function refused(p: Promise<{ code: number | string }>, code: number, who = player) {
  const before = await balance(who);
  const r = await p;
  expect(r.code).toBe(code);
  expect(await balance(who)).toBe(before);
}

describe('slot games and seed pairs', () => {
  it('lists the slots with their par sheets, serves their exact bytes by hash', async () => {
    const r = await v.page<{
      games: {
        gameCode: string;
        parSheetUrl: string;
        parSheetHash: string;
        figures: { rtp: number };
        lineBets: string[];
      }[];
    }>('GET', '/h5/api/games/slots', player.token);
    expect(r.code).toBe(0);
    const games = r.data!.games;
    expect(games.map((g) => g.gameCode)).toEqual([
      FXGZ_PAR_SHEET.gameCode,
      LTSH_PAR_SHEET.gameCode,
    ]);
    for (const g of games) {
      expect(g.figures.rtp).toBeGreaterThan(0.955);
      expect(g.figures.rtp).toBeLessThan(0.965);
      const file = await v.app.inject({ method: 'GET', url: g.parSheetUrl });
      const { sha256 } = await import('@nebula/protocol/fair/sha256');
      const { bytesToHex } = await import('@nebula/protocol/fair/bytes');
      expect(bytesToHex(sha256(new Uint8Array(file.rawPayload)))).toBe(g.parSheetHash);
    }
    expect(games[0]!.lineBets).toEqual(FXGZ_PAR_SHEET.lineBetsFen.map((f) => (f / 100).toFixed(2)));
    const unknown = await v.app.inject({
      method: 'GET',
      url: '/h5/api/games/slots/FXGZ/par-sheet/v9.json',
    });
    expect(unknown.json<{ code: number }>().code).toBe(ErrorCode.VenuePaytableUnknown);
    // A lottery session is not offered the slots.
    const cp = await v.fundedPlayer('10.00', 'HOUSE_CP');
    expect((await v.page('GET', '/h5/api/games/slots', cp.token)).code).toBe(
      ErrorCode.SlotGameUnknown,
    );
  });

  it('launches a DZ venue on a slot by its game code; no other family takes it', async () => {
    const launch = (venueCode: string, gameCode: string) =>
      v.call<{ url: string }>('launch', { venueCode, gameCode, playerId: 'dz1', nickname: '玩家' });
    const named = await launch('HOUSE_DZ', 'LTSH');
    expect(named.code).toBe(0);
    expect(new URL(named.data!.url).searchParams.get('game')).toBe('LTSH');
    expect((await launch('HOUSE_CP', 'FXGZ')).code).toBe(ErrorCode.VenueGameUnknown);
    expect((await launch('HOUSE_DZ', 'JSK3')).code).toBe(ErrorCode.VenueGameUnknown);
  });

  it('creates the seed pair on first use; refuses a bad client seed, keeps a good one', async () => {
    const first = SeedPairView.parse(
      (await v.page('GET', '/h5/api/games/seeds', player.token)).data,
    );
    expect(first.nonce).toBe(0);
    expect(first.serverSeedCommitment).toMatch(/^[0-9a-f]{64}$/);
    expect(first.previous).toEqual([]);
    for (const bad of ['', 'x'.repeat(65), 'has space', '中文']) {
      const r = await v.page('POST', '/h5/api/games/seeds/client', player.token, {
        clientSeed: bad,
      });
      expect(r.code).toBe(ErrorCode.SlotClientSeedInvalid);
    }
    const set = await v.page('POST', '/h5/api/games/seeds/client', player.token, {
      clientSeed: 'my-lucky_seed1',
    });
    expect(SeedPairView.parse(set.data)).toMatchObject({
      clientSeed: 'my-lucky_seed1',
      nonce: 0,
      serverSeedCommitment: first.serverSeedCommitment,
    });
  });
});

describe('spins', () => {
  const spins: SpinResult[] = [];

  it('spins: nonce 0, 1, 2 of the pair, balance moved by exactly bet and win', async () => {
    let expected = parseMoney(await balance());
    for (let i = 0; i < 3; i++) {
      const r = await spinAt({ lineBet: '0.50' });
      expect(r.code).toBe(0);
      const s = SpinResult.parse(r.data);
      expect(s.nonce).toBe(i);
      expect(s.clientSeed).toBe('my-lucky_seed1');
      expect(s.bet).toBe('10.00');
      expect(s.proof.serverSeed).toBeNull();
      expect(s.capped).toBe(false);
      expected += parseMoney(s.totalWin) - 1000n;
      expect(parseMoney(s.balance)).toBe(expected);
      spins.push(s);
    }
    expect(parseMoney(await balance())).toBe(expected);
  });

  it('a retry answers the first spin, debited once; another body under the key is refused', async () => {
    const body = { requestKey: newKey(), lineBet: '0.10' };
    const a = SpinResult.parse((await spinAt(body)).data);
    const after = await balance();
    const b = SpinResult.parse((await spinAt(body)).data);
    expect(b).toEqual(a);
    expect(await balance()).toBe(after);
    await refused(spinAt({ ...body, lineBet: '0.20' }), ErrorCode.SlotRequestConflict);
    spins.push(a);
  });

  it('refuses with codes and debits nothing', async () => {
    await refused(spinAt({ lineBet: '0.03' }), ErrorCode.SlotLineBetInvalid);
    await refused(spinAt({ gameCode: 'NOPE' }), ErrorCode.SlotGameUnknown);
    await refused(spinAt({ lineBet: 'abc' }), ErrorCode.VenueRequestInvalid);
    // Sooner than 2.5 s after the previous spin began on the venue's clock (2 s on it, plus the
    // real milliseconds the calls take); then on time.
    const ok = await spinAt({});
    expect(ok.code).toBe(0);
    spins.push(SpinResult.parse(ok.data));
    await refused(spinAt({}, player, 2000), ErrorCode.SlotSpinTooSoon);
    const onTime = await spinAt({}, player, 500);
    expect(onTime.code).toBe(0);
    spins.push(SpinResult.parse(onTime.data));
    const poor = await v.fundedPlayer('1.00', 'HOUSE_DZ');
    await refused(spinAt({ lineBet: '0.10' }, poor), ErrorCode.SlotBalanceInsufficient, poor);
    const seeds = SeedPairView.parse((await v.page('GET', '/h5/api/games/seeds', poor.token)).data);
    expect(seeds.nonce).toBe(0);
  });

  it('rotation reveals the seed: each spin recomputes to the same stops and pay', async () => {
    const r = RotateSeedResult.parse(
      (await v.page('POST', '/h5/api/games/seeds/rotate', player.token)).data,
    );
    expect(seedCommitment(hexToBytes(r.revealed.serverSeed))).toBe(r.revealed.serverSeedCommitment);
    expect(r.revealed.rounds).toBe(spins.length);
    expect(r.current).toMatchObject({ nonce: 0, clientSeed: 'my-lucky_seed1' });
    expect(r.current.serverSeedCommitment).not.toBe(r.revealed.serverSeedCommitment);
    const history = SpinHistory.parse(
      (await v.page('GET', '/h5/api/games/slots/spins?limit=100', player.token)).data,
    );
    expect(history.spins.map((h) => h.spinId)).toEqual(spins.map((s) => s.spinId).reverse());
    for (const s of spins) {
      const h = history.spins.find((x) => x.spinId === s.spinId)!;
      expect(h.proof.serverSeed).toBe(r.revealed.serverSeed);
      const lineBet = parseMoney(s.lineBet);
      const o = spin(
        FXGZ_PAR_SHEET,
        createStream(hexToBytes(r.revealed.serverSeed), `${s.clientSeed}:${s.nonce}`),
      );
      expect(h.stops).toEqual(o.base.stops);
      expect(s.free.map((f) => f.stops)).toEqual(o.free.map((f) => f.stops));
      expect(parseMoney(s.totalWin)).toBe(BigInt(o.units) * lineBet);
      const detail = SpinResult.parse(
        (await v.page('GET', `/h5/api/games/slots/spins/${s.spinId}`, player.token)).data,
      );
      expect(detail.proof.serverSeed).toBe(r.revealed.serverSeed);
      expect(detail.base).toEqual(s.base);
    }
    // Another player's spin is not found.
    const other = await v.fundedPlayer('1.00', 'HOUSE_DZ');
    const r2 = await v.page('GET', `/h5/api/games/slots/spins/${spins[0]!.spinId}`, other.token);
    expect(r2.code).toBe(ErrorCode.SlotSpinUnknown);
  });

  it('each spin is a settled DZ bet in the merchant feed, valid stake by the game rules', async () => {
    const r = await v.call('betChanges', { venueCode: 'HOUSE_DZ', cursor: '', limit: 1000 });
    const changes = BetChanges.parse(r.data).changes;
    for (const s of spins) {
      const versions = changes.filter((c) => c.legs[0]!.selectionId === `g:FXGZ:${s.spinId}:spin:`);
      expect(versions.map((c) => c.kind)).toEqual(['accepted', 'settled']);
      const settled = versions[1]!;
      expect(settled.stake).toBe(s.bet);
      expect(settled.payout).toBe(s.totalWin);
      const win = parseMoney(s.totalWin);
      const bet = parseMoney(s.bet);
      expect(settled.legs[0]!.result).toBe(win > bet ? 'won' : win === bet ? 'push' : 'lost');
      expect(settled.validStake).toBe(win === bet ? '0.00' : s.bet);
      expect(settled.legs[0]!.oddsMilli).toBe(Number((win * 1000n) / bet));
      expect(settled.legs[0]).toMatchObject({
        eventName: `福星高照 第${s.spinId}局`,
        marketLabel: '旋转',
        outcomeLabel: `20线 × ${s.lineBet}`,
      });
    }
  });

  it('a pair moved on behind the node (another node, an edit) is read and the spin redrawn', async () => {
    const p = await v.fundedPlayer('100.00', 'HOUSE_DZ');
    expect(SpinResult.parse((await spinAt({}, p)).data).nonce).toBe(0);
    // Another node spun 41 times and changed the client seed: this node still believes nonce 1.
    await v.db.query(
      `UPDATE venue_seed_pairs SET nonce = 42, client_seed = 'moved-on'
        WHERE player_id = $1 AND rotated_at IS NULL`,
      [p.playerId],
    );
    const before = parseMoney(await balance(p));
    const s = SpinResult.parse((await spinAt({}, p)).data);
    expect(s).toMatchObject({ nonce: 42, clientSeed: 'moved-on' });
    expect(parseMoney(await balance(p))).toBe(before - 200n + parseMoney(s.totalWin));
    const seeds = SeedPairView.parse((await v.page('GET', '/h5/api/games/seeds', p.token)).data);
    expect(seeds.nonce).toBe(43);
    const r = RotateSeedResult.parse(
      (await v.page('POST', '/h5/api/games/seeds/rotate', p.token)).data,
    );
    const o = spin(FXGZ_PAR_SHEET, createStream(hexToBytes(r.revealed.serverSeed), `moved-on:42`));
    expect(s.base.stops).toEqual(o.base.stops);
    expect(parseMoney(s.totalWin)).toBe(BigInt(o.units) * 10n);
  });

  it('rotates by itself after the pair’s 1000th round', async () => {
    const p = await v.fundedPlayer('100.00', 'HOUSE_DZ');
    const before = SeedPairView.parse((await v.page('GET', '/h5/api/games/seeds', p.token)).data);
    // Set up the 999th round without playing 998 spins: the nonce is the pair's counter.
    await v.db.query(
      `UPDATE venue_seed_pairs SET nonce = 998 WHERE player_id = $1 AND rotated_at IS NULL`,
      [p.playerId],
    );
    expect(SpinResult.parse((await spinAt({}, p)).data).nonce).toBe(998);
    const last = SpinResult.parse((await spinAt({}, p)).data);
    expect(last.nonce).toBe(999);
    const after = SeedPairView.parse((await v.page('GET', '/h5/api/games/seeds', p.token)).data);
    expect(after.nonce).toBe(0);
    expect(after.previous[0]).toMatchObject({
      serverSeedCommitment: before.serverSeedCommitment,
      rounds: 1000,
    });
    const proof = SpinResult.parse(
      (await v.page('GET', `/h5/api/games/slots/spins/${last.spinId}`, p.token)).data,
    ).proof;
    expect(proof.serverSeed).toBe(after.previous[0]!.serverSeed);
    expect(SpinResult.parse((await spinAt({}, p)).data).nonce).toBe(0);
  });
});
