import { drawShoe, roundMessage } from '@nebula/protocol/fair/index';
import {
  baccaratReturnMilli,
  dealBaccarat,
  dealDragonTiger,
  dragonTigerReturnMilli,
  type BaccaratZone,
  type DragonTigerZone,
} from '@nebula/protocol/venue/games/tables/index';
import { addShoe, emptySums, type ReturnSums } from './return-interval';

/**
 * bench:tables' simulation: whole shoes drawn by the protocol's shoe code (docs/contract.md
 * §10.12) from one fixed seed, message `tableCode:shoeNo`, dealt hand by hand by the protocol's
 * dealing code from the first card after the burn, the shoe ending with the hand during which
 * the card at the cut index is dealt (as the venue's `reachesCut`). Each zone's return per unit
 * staked comes from the protocol's pay functions, summed per shoe for the interval.
 */

export type SimKind = 'baccarat' | 'dragon_tiger';

/** The simulated bets: the classic table's zones, 免佣 庄 on the same hands, and 龙虎's. */
export const SIM_ZONES = {
  baccarat: ['banker', 'player', 'tie', 'banker_pair', 'player_pair', 'nc_banker'],
  dragon_tiger: ['dragon', 'tiger', 'tie'],
} as const;

export const SIM_TABLE: Record<SimKind, string> = { baccarat: 'BAC1', dragon_tiger: 'LH1' };

export interface SimTask {
  kind: SimKind;
  seedHex: string;
  /** Shoes `from` to `to − 1` (shoe numbers as decimal strings in the message). */
  from: number;
  to: number;
}

export type SimResult = Record<string, ReturnSums>;

/** Deals the shoes of `task` and answers each zone's sums. */
export function simulateShoes(task: SimTask): SimResult {
  const seed = Uint8Array.from(Buffer.from(task.seedHex, 'hex'));
  const zones = SIM_ZONES[task.kind];
  const sums: SimResult = Object.fromEntries(zones.map((z) => [z, emptySums()]));
  const milli = new Array<number>(zones.length);
  for (let shoeNo = task.from; shoeNo < task.to; shoeNo++) {
    const shoe = drawShoe(seed, roundMessage(SIM_TABLE[task.kind], String(shoeNo)));
    milli.fill(0);
    let hands = 0;
    let at = shoe.burned;
    for (;;) {
      let used: number;
      if (task.kind === 'baccarat') {
        const dealt = dealBaccarat(shoe.cards, at);
        used = dealt.used;
        for (let i = 0; i < zones.length; i++) {
          const z = zones[i]!;
          milli[i]! +=
            z === 'nc_banker'
              ? baccaratReturnMilli('banker', dealt.hand, true)
              : baccaratReturnMilli(z as BaccaratZone, dealt.hand, false);
        }
      } else {
        const dealt = dealDragonTiger(shoe.cards, at);
        used = dealt.used;
        for (let i = 0; i < zones.length; i++) {
          milli[i]! += dragonTigerReturnMilli(zones[i] as DragonTigerZone, dealt.hand);
        }
      }
      hands += 1;
      const last = at + used > shoe.cutIndex;
      at += used;
      if (last) break;
    }
    zones.forEach((z, i) => addShoe(sums[z]!, hands, milli[i]! / 1000));
  }
  return sums;
}
