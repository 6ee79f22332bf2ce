import type { LegResult, OddsChangePolicy } from '@nebula/protocol/venue/markets';

export type BetStatus = 'pending' | 'open' | 'refused' | 'settled' | 'voided';

export interface LegRow {
  leg: number;
  eventId: string;
  selectionId: string;
  marketId: string;
  period: string;
  oddsMilli: number;
  eventName: string;
  marketLabel: string;
  outcomeLabel: string;
  liability: bigint;
  result: LegResult | null;
}

export interface BetRow {
  id: string;
  merchant: string;
  venueCode: string;
  playerId: string;
  requestHash: string;
  stake: bigint;
  oddsPolicy: OddsChangePolicy;
  status: BetStatus;
  result: string | null;
  payout: bigint | null;
  refuseCode: number | null;
  acceptAfter: number | null;
  placedAt: number;
  settledAt: number | null;
  version: number;
  legs: LegRow[];
}

/** A bet as placement writes it first. */
export interface NewBet {
  id: string;
  merchant: string;
  venueCode: string;
  playerId: string;
  requestKey: string;
  requestHash: string;
  stake: bigint;
  oddsPolicy: OddsChangePolicy;
  status: 'pending' | 'open';
  acceptAfter: number | null;
  placedAt: number;
}
