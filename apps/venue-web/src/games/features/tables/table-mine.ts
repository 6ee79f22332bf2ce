import { useCallback, useEffect, useState } from 'react';
import type { TableBetView } from '@nebula/protocol/venue/games/tables-api';
import { formatMoney, isMoneyString, parseMoney } from '@nebula/protocol/money/fen';
import { tablesCalls } from '../../lib/tables-api';
import { zoneFen, type ZoneFen } from './table-draft';

const SETTLE_POLL_MS = 1500;

/**
 * The member's own bets at one table, as the venue knows them: read when the page opens (a
 * member who comes back mid-round sees what they placed), again when the round's state moves
 * (settled bets carry their payout), and merged with each confirm's answer at once.
 */
export function useMyTableBets(tableCode: string, roundKey: string, currentRound: string | null) {
  const [bets, setBets] = useState<TableBetView[]>([]);
  const [tick, setTick] = useState(0);
  // A dealt round whose bets the page still holds open: read again until they settle.
  const waiting = bets.some((b) => b.status === 'open' && b.roundNo !== currentRound);
  useEffect(() => {
    if (!waiting) return;
    const t = setInterval(() => setTick((n) => n + 1), SETTLE_POLL_MS);
    return () => clearInterval(t);
  }, [waiting]);
  useEffect(() => {
    let live = true;
    tablesCalls.mine({ tableCode, limit: 50 }).then(
      (r) => {
        if (live) setBets((b) => mergeBets(r.bets, b));
      },
      () => {
        // The next state change reads again; the page keeps what it has.
      },
    );
    return () => {
      live = false;
    };
  }, [tableCode, roundKey, tick]);
  const add = useCallback((placed: readonly TableBetView[]) => {
    setBets((b) => mergeBets(placed, b));
  }, []);
  return { bets, add };
}

/** Newer views of a bet replace older ones; newest round first. */
export function mergeBets(
  incoming: readonly TableBetView[],
  held: readonly TableBetView[],
): TableBetView[] {
  const byId = new Map<string, TableBetView>();
  for (const b of held) byId.set(b.betId, b);
  for (const b of incoming) {
    const old = byId.get(b.betId);
    if (!old || old.status === 'open' || b.status !== 'open') byId.set(b.betId, b);
  }
  return [...byId.values()].sort((a, b) => b.placedAt - a.placedAt);
}

export function roundBets(bets: readonly TableBetView[], roundNo: string | null): TableBetView[] {
  return roundNo === null ? [] : bets.filter((b) => b.roundNo === roundNo);
}

/** The member's last round before `roundNo` with bets, for 重复. */
export function lastRoundFen(bets: readonly TableBetView[], roundNo: string | null): ZoneFen {
  const before = bets.find((b) => b.roundNo !== roundNo);
  return before ? zoneFen(roundBets(bets, before.roundNo)) : {};
}

/** What a settled round paid the member, and what it staked (both null until every bet settled). */
export function roundOutcome(
  bets: readonly TableBetView[],
): { stake: string; payout: string; net: bigint } | null {
  if (bets.length === 0 || bets.some((b) => b.status === 'open')) return null;
  const fen = (s: string | null) => (s !== null && isMoneyString(s) ? parseMoney(s) : 0n);
  const stake = bets.reduce((s, b) => s + fen(b.amount), 0n);
  const payout = bets.reduce((s, b) => s + fen(b.payout), 0n);
  return { stake: formatMoney(stake), payout: formatMoney(payout), net: payout - stake };
}
