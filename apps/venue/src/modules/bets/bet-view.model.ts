import { fenToYuanString } from '@nebula/protocol';
import type { BetView } from '@nebula/protocol/venue/bets';
import type { BetChangeKind, BetVersion } from '@nebula/protocol/venue/merchant';
import { betReturnFen } from '@nebula/protocol/venue/settlement';
import type { BetRow } from './bet.types';

const legViews = (bet: BetRow) =>
  bet.legs.map((l) => ({
    selectionId: l.selectionId,
    eventName: l.eventName,
    marketLabel: l.marketLabel,
    outcomeLabel: l.outcomeLabel,
    oddsMilli: l.oddsMilli,
    result: l.result ?? ('open' as const),
  }));

/** What the bet pays back if every leg wins, at its accepted prices. */
export const potentialReturn = (bet: Pick<BetRow, 'stake' | 'legs'>): bigint =>
  betReturnFen(
    bet.stake,
    bet.legs.map((l) => ({ oddsMilli: l.oddsMilli, result: 'open' as const })),
  );

export function betView(bet: BetRow): BetView {
  return {
    betId: bet.id,
    status: bet.status,
    result: bet.result,
    stake: fenToYuanString(bet.stake),
    potentialReturn: fenToYuanString(potentialReturn(bet)),
    payout: bet.payout === null ? null : fenToYuanString(bet.payout),
    oddsChangePolicy: bet.oddsPolicy,
    legs: legViews(bet),
    placedAt: bet.placedAt,
    acceptAfter: bet.status === 'pending' ? bet.acceptAfter : null,
    settledAt: bet.settledAt,
    refuseCode: bet.refuseCode,
  };
}

/** One version of the bet for the merchants' change feed. */
export function betVersion(bet: BetRow, kind: BetChangeKind): BetVersion {
  return {
    betId: bet.id,
    version: bet.version,
    playerId: bet.playerId,
    kind,
    stake: fenToYuanString(bet.stake),
    payout: bet.payout === null ? null : fenToYuanString(bet.payout),
    oddsChangePolicy: bet.oddsPolicy,
    legs: legViews(bet),
    placedAt: bet.placedAt,
    settledAt: bet.settledAt,
  };
}
