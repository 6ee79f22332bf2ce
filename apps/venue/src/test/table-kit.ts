import {
  TableRoundDetail,
  TableDetail,
  type TableView,
  type PlaceTableBetsResult,
} from '@nebula/protocol/venue/games/tables-api';
import { newKey } from './game-kit';
import type { VenueTestApp } from './venue-test-app';

/**
 * Driving the live tables on a test app's clock (no sleeps): the venue's clock is moved to a
 * round's next step and the games' clock (which moves the tables) ticked by hand.
 */
export interface TableKit {
  view(code: string): Promise<TableView>;
  /** The table's round taking bets with at least 5 s left (earlier rounds dealt or voided). */
  fresh(code: string): Promise<TableView>;
  /** Moves the clock to `at` (venue ms) and ticks once. */
  tickAt(at: number): Promise<void>;
  /** Seals, deals and settles the current round on time; answers its detail. */
  finish(code: string, roundNo: string): Promise<TableRoundDetail>;
  place(
    token: string,
    code: string,
    roundNo: string,
    bets: { zone: string; amount: string }[],
    requestKey?: string,
  ): Promise<{ code: number; data?: PlaceTableBetsResult; message?: string }>;
  round(code: string, roundNo: string): Promise<TableRoundDetail>;
}

export function tableKit(v: VenueTestApp, token: () => string): TableKit {
  const now = () => Date.now() + v.clock.offset;
  const kit: TableKit = {
    async view(code) {
      return TableDetail.parse((await v.page('GET', `/h5/api/tables/${code}`, token())).data);
    },
    async tickAt(at) {
      v.clock.offset = Math.max(v.clock.offset, at - Date.now());
      await v.games.clock.tick();
    },
    async fresh(code) {
      for (let i = 0; i < 8; i++) {
        await v.games.clock.tick();
        const t = await kit.view(code);
        const r = t.round;
        if (r?.state === 'betting' && r.bettingEndsAt - now() > 5_000) return t;
        // On to the next step: the seal, the deal, then the next round after the show.
        if (r?.state === 'betting') await kit.tickAt(r.bettingEndsAt + 50);
        else if (r?.state === 'sealed') await kit.tickAt(r.bettingEndsAt + 1_050);
        else await kit.tickAt(now() + 10_000);
      }
      throw new Error(`table ${code} opened no round`);
    },
    async finish(code, roundNo) {
      const t = await kit.view(code);
      if (t.round?.roundNo !== roundNo) throw new Error('not the current round');
      await kit.tickAt(t.round.bettingEndsAt + 50);
      await kit.tickAt(t.round.bettingEndsAt + 1_050);
      return kit.round(code, roundNo);
    },
    async place(t, code, roundNo, bets, requestKey = newKey()) {
      return (await v.page('POST', `/h5/api/tables/${code}/bets`, t, {
        requestKey,
        roundNo,
        bets,
      })) as { code: number; data?: PlaceTableBetsResult; message?: string };
    },
    async round(code, roundNo) {
      const r = await v.page('GET', `/h5/api/tables/${code}/rounds/${roundNo}`, token());
      return TableRoundDetail.parse(r.data);
    },
  };
  return kit;
}
