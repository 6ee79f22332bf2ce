import { GamesList, type GameSlipView, type RoundView } from '@nebula/protocol/venue/games/index';
import { VENUE_OPERATOR_HEADER } from '@nebula/protocol/venue/operator';
import { OPERATOR_TOKENS, type VenueTestApp } from './venue-test-app';

/**
 * Driving the lottery's games on a test app's clock (no sleeps): a fresh round opened at a known point of
 * its minute, then sealed, drawn and settled by moving the venue's clock and ticking the
 * game clock by hand.
 */
export interface GameKit {
  /**
   * Moves the clock two minutes on (earlier rounds end) to 5 s into a slot; the game's open
   * round (极速快3 unless named).
   */
  freshRound(gameCode?: string): Promise<RoundView>;
  /** Seals, draws and settles the round (the clock moved past its draw). */
  finish(r: RoundView): Promise<RoundView>;
  place(
    token: string,
    body: Partial<{
      requestKey: string;
      roundNo: string;
      multiple: number;
      unitPrice: string;
      picks: { betType: string; pick: string }[];
    }>,
    gameCode?: string,
  ): Promise<{ code: number; data?: GameSlipView; message?: string }>;
  balance(playerId: string, venueCode?: string): Promise<string>;
  /** A games operator call with a role's token. */
  op<T = unknown>(
    path: string,
    body: unknown,
    role: keyof typeof OPERATOR_TOKENS,
  ): Promise<{ code: number; data?: T }>;
  /** What venue_liability holds on game selections (fen). */
  gameLiability(): Promise<bigint>;
}

let keys = 0;
export const newKey = () => `k-${Date.now().toString(36)}-${(keys += 1)}`;

export function gameKit(v: VenueTestApp, token: () => string): GameKit {
  let minute = Math.ceil(Date.now() / 60_000) * 60_000;
  // Within one Asia/Shanghai day (a test's rounds and its daily report never straddle one):
  // after 23:00 there, start at 00:05 of the next day.
  const shanghai = (minute + 8 * 3600_000) % 86_400_000;
  if (shanghai > 23 * 3600_000) minute += 86_400_000 - shanghai + 5 * 60_000;
  const kit: GameKit = {
    async freshRound(gameCode = 'JSK3') {
      minute = Math.max(minute, Math.ceil((Date.now() + v.clock.offset) / 60_000) * 60_000);
      minute += 120_000;
      v.clock.offset = minute + 5_000 - Date.now();
      await v.games.clock.tick();
      const list = GamesList.parse((await v.page('GET', '/h5/api/games', token())).data);
      const r = list.games.find((g) => g.gameCode === gameCode)!.current!;
      if (r.status !== 'open') throw new Error(`no open round: ${JSON.stringify(r)}`);
      return r;
    },
    async finish(r) {
      v.clock.offset = r.sealAt - Date.now() + 100;
      await v.games.clock.tick();
      v.clock.offset = r.drawAt - Date.now() + 100;
      await v.games.clock.tick();
      const path = `/h5/api/games/${r.gameCode}/rounds/${r.roundNo}`;
      return (await v.page<RoundView>('GET', path, token())).data!;
    },
    async place(t, body, gameCode = 'JSK3') {
      return (await v.page('POST', `/h5/api/games/${gameCode}/bets`, t, {
        requestKey: newKey(),
        multiple: 1,
        unitPrice: '2.00',
        ...body,
      })) as { code: number; data?: GameSlipView; message?: string };
    },
    async balance(playerId, venueCode = 'HOUSE_CP') {
      const r = await v.call<{ balance: string }>('balance', { venueCode, playerId });
      return r.data!.balance;
    },
    async op(path, body, role) {
      const r = await v.app.inject({
        method: 'POST',
        url: path,
        headers: { [VENUE_OPERATOR_HEADER]: OPERATOR_TOKENS[role] },
        payload: body as object,
      });
      return r.json();
    },
    async gameLiability() {
      const r = await v.db.query<{ n: string }>(
        "SELECT coalesce(sum(amount), 0)::text AS n FROM venue_liability WHERE selection_id LIKE 'g:%'",
      );
      return BigInt(r.rows[0]!.n);
    },
  };
  return kit;
}
