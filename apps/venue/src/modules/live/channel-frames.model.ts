import type { RoundView } from '@nebula/protocol/venue/games/games';
import type { TableRoundView } from '@nebula/protocol/venue/games/tables-api';
import type { ChannelFrame } from '@nebula/protocol/venue/live-channels';
import type { ChannelState } from './channel-source.model';

/** The snapshot a page gets when it starts watching (or comes back): the channel as it is. */
export function snapshotFrame(channel: string, state: ChannelState, at: number): ChannelFrame {
  return state.kind === 'table'
    ? { type: 'table.snapshot', channel, at, round: state.round }
    : { type: 'lottery.snapshot', channel, at, rounds: state.rounds };
}

/**
 * The frames that bring a page holding `prev` to `next` (docs/contract.md §10.11, §10.12), in
 * the order things happened; a look at the database may have missed steps in between (a seal
 * and its deal within one look): they are all told.
 */
export function channelFrames(
  channel: string,
  prev: ChannelState,
  next: ChannelState,
  at: number,
): ChannelFrame[] {
  if (prev.kind === 'table' && next.kind === 'table') {
    return tableFrames(channel, prev.round, next.round, at);
  }
  if (prev.kind === 'lottery' && next.kind === 'lottery') {
    return lotteryFrames(channel, prev.rounds, next.rounds, at);
  }
  return [snapshotFrame(channel, next, at)];
}

const sameTotals = (a: TableRoundView, b: TableRoundView): boolean =>
  a.zoneTotals.length === b.zoneTotals.length &&
  a.zoneTotals.every(
    (z, i) => z.zone === b.zoneTotals[i]?.zone && z.amount === b.zoneTotals[i].amount,
  );

function tableFrames(
  channel: string,
  prevRound: TableRoundView | null,
  r: TableRoundView | null,
  at: number,
): ChannelFrame[] {
  if (!r) return [];
  const out: ChannelFrame[] = [];
  const roundNo = r.roundNo;
  let prev = prevRound;
  if (prev?.roundNo !== roundNo) {
    out.push({
      type: 'table.opened',
      channel,
      at,
      roundNo,
      shoeNo: r.shoeNo,
      handNo: r.handNo,
      opensAt: r.opensAt,
      bettingEndsAt: r.bettingEndsAt,
    });
    // A new round is compared with an empty one: whatever it already has is told.
    prev = {
      ...r,
      state: 'betting',
      hand: null,
      zoneTotals: r.zoneTotals.map((z) => ({ ...z, amount: '0.00' })),
    };
  }
  if (!sameTotals(prev, r)) {
    out.push({ type: 'table.totals', channel, at, roundNo, zoneTotals: r.zoneTotals });
  }
  if (prev.state === 'betting' && r.state !== 'betting' && r.state !== 'voided') {
    out.push({ type: 'table.sealed', channel, at, roundNo });
  }
  if (r.hand && !prev.hand) {
    const cards = r.hand.cards;
    cards.forEach((card, index) =>
      out.push({ type: 'table.card', channel, at, roundNo, index, of: cards.length, card }),
    );
  }
  if (
    r.hand &&
    r.state !== 'betting' &&
    r.state !== 'sealed' &&
    (!prev.hand || prev.state !== r.state)
  ) {
    out.push({ type: 'table.result', channel, at, roundNo, state: r.state, hand: r.hand });
  }
  return out;
}

const isDrawn = (r: RoundView): boolean => r.outcome !== null || r.voided !== null;

function lotteryFrames(
  channel: string,
  prevRounds: readonly RoundView[],
  rounds: readonly RoundView[],
  at: number,
): ChannelFrame[] {
  const before = new Map(prevRounds.map((r) => [r.roundNo, r]));
  const out: ChannelFrame[] = [];
  // Oldest first: the draw of the last round is told before the opening of the next.
  for (const r of [...rounds].reverse()) {
    const p = before.get(r.roundNo);
    if (!p && r.status === 'open') out.push({ type: 'lottery.opened', channel, at, round: r });
    if ((!p || p.status === 'open') && r.status !== 'open' && r.voided === null) {
      out.push({ type: 'lottery.sealed', channel, at, roundNo: r.roundNo });
    }
    if (isDrawn(r) && (!p || !isDrawn(p)))
      out.push({ type: 'lottery.drawn', channel, at, round: r });
  }
  return out;
}
