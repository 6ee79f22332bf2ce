import { z } from 'zod';
import { moneyString } from '../api/core/common';
import { ODDS_EUROPE_MILLI_MAX, ODDS_EUROPE_MILLI_MIN } from '../odds/odds';
import { BetLegView } from './merchant';
import { oddsChangePolicies } from './markets';

/**
 * Placing and reading bets at a venue (contract §6), the same through every dialect: the H5
 * sends what the slip shows, the venue answers the bet or a code with what the member needs to
 * decide again (the new prices, the stake still allowed).
 */

/** One placement; the key makes a retry (a double tap, a lost answer) return the first bet. */
export const PlaceBetRequest = z
  .object({
    requestKey: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
    /** One leg is a single (单关); 2–10 legs from different matches a parlay (串关). */
    legs: z
      .array(
        z
          .object({
            selectionId: z.string().min(1).max(80),
            /** The price the slip showed, decimal odds in thousandths. */
            oddsMilli: z.number().int().min(ODDS_EUROPE_MILLI_MIN).max(ODDS_EUROPE_MILLI_MAX),
          })
          .strict(),
      )
      .min(1)
      .max(10),
    stake: moneyString,
    oddsPolicy: z.enum(oddsChangePolicies),
  })
  .strict();
export type PlaceBetRequest = z.infer<typeof PlaceBetRequest>;

export const betViewStatuses = ['pending', 'open', 'refused', 'settled', 'voided'] as const;

/** A bet as its player sees it (我的注单). */
export const BetView = z.object({
  betId: z.string(),
  /** `pending`: in play, waiting out the acceptance delay (确认中). */
  status: z.enum(betViewStatuses),
  result: z.string().nullable(),
  stake: moneyString,
  /** What it pays back if every leg wins, at the accepted prices. */
  potentialReturn: moneyString,
  payout: moneyString.nullable(),
  oddsChangePolicy: z.enum(oddsChangePolicies),
  legs: z.array(BetLegView),
  placedAt: z.number().int(),
  acceptAfter: z.number().int().nullable(),
  settledAt: z.number().int().nullable(),
  refuseCode: z.number().int().nullable(),
});
export type BetView = z.infer<typeof BetView>;

/** What a refused placement carries beside its code. */
export const PlaceBetRefusal = z.object({
  /** 8030: the prices now, for the slip to show and the member to accept. */
  prices: z.array(z.object({ selectionId: z.string(), oddsMilli: z.number().int() })).optional(),
  /** 8032 / 8033 / 8034: the stake limits that apply to this bet now. */
  minStake: moneyString.optional(),
  maxStake: moneyString.optional(),
});

export const MyBetsRequest = z
  .object({
    settled: z.boolean().default(false),
    limit: z.number().int().min(1).max(100).default(50),
  })
  .strict();
