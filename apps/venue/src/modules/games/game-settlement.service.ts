import type { Db, Queryable } from '@nebula/db';
import { betReturnFen } from '@nebula/protocol/venue/settlement';
import { parseGameSelectionId } from '@nebula/protocol/venue/games/index';
import {
  clearRoundLiability,
  insertVersions,
  markGameBetsEnded,
  openRoundBatch,
  releaseGameLiability,
  type GameBetRow,
} from '../bets/bet.service';
import { bookAccount, playerAccount } from '../ledger/venue-accounts.model';
import type { VenueLedger } from '../ledger/venue-ledger.service';
import { gameBetVersion } from './game-bet-view.model';
import { gameRules } from './game-rules';
import type { RoundRow } from './games.repository';
import { validStakes, type RoundBet } from './valid-stake.model';

/** A bet ended by settlement or a void, with what it pays back and its valid stake. */
export type EndedBet = {
  bet: GameBetRow;
  status: 'settled' | 'voided';
  result: string;
  legResult: string;
  payout: bigint;
  validStake: bigint;
};

/**
 * Settles and voids the bets of house game rounds (docs/contract.md §10.11), set-based like the
 * sportsbook's settlement: each batch is every open bet of up to `playersPerBatch` players of
 * the round (valid stake sees all of a player's bets of the round at once), in one transaction
 * that ends the bets still open at the version read, credits through the venue ledger (one
 * entry per paying bet, `settle:{betId}:{version}`, or `void:{betId}:{version}` for a refund),
 * gives back their liability and writes their next versions. A crash leaves a batch whole or
 * absent; the round is marked settled only after its last batch, so the next tick finishes it
 * and nothing is paid twice.
 */
export class GameSettlementService {
  #batches = 0;

  constructor(
    private readonly db: Db,
    private readonly ledger: VenueLedger,
    private readonly now: () => number,
    private readonly opts: { playersPerBatch: number; crashAtBatch?: number | null } = {
      playersPerBatch: 500,
    },
  ) {}

  /**
   * Settles every open bet of a drawn round, batch by batch, each through `write` (the leader's
   * fenced transaction); answers the bets settled.
   */
  async settleRound(
    r: RoundRow,
    write: <T>(fn: (q: Queryable) => Promise<T>) => Promise<T>,
  ): Promise<number> {
    const rules = gameRules(r.gameCode);
    if (!rules || !r.outcome) return 0;
    const outcome = r.outcome;
    let settled = 0;
    for (;;) {
      const batch = await openRoundBatch(this.db, r.gameCode, r.roundNo, this.opts.playersPerBatch);
      if (batch.length === 0) break;
      const ended: EndedBet[] = [];
      for (const bets of byPlayer(batch).values()) {
        const decided = bets.map((bet) => {
          const key = parseGameSelectionId(bet.selectionId);
          const wins = key !== null && rules.wins(key.betType, key.pick, outcome);
          const payout = wins
            ? betReturnFen(bet.stake, [{ oddsMilli: bet.oddsMilli, result: 'won' }])
            : 0n;
          const legResult = payout > bet.stake ? 'won' : payout === bet.stake ? 'push' : 'lost';
          return { bet, key, payout, legResult };
        });
        const valid = validStakes(
          decided.map((d): RoundBet => ({
            id: d.bet.id,
            betType: d.key?.betType ?? '',
            pick: d.key?.pick ?? '',
            stake: d.bet.stake,
            outcome: d.legResult === 'push' ? 'push' : 'decided',
          })),
          rules,
        );
        for (const d of decided) {
          ended.push({
            bet: d.bet,
            status: 'settled',
            result: d.legResult,
            legResult: d.legResult,
            payout: d.payout,
            validStake: valid.get(d.bet.id) ?? 0n,
          });
        }
      }
      settled += await write((q) => this.endBets(q, ended, 'settle'));
    }
    return settled;
  }

  /**
   * Voids every open bet of a voided round and refunds its stake, in the caller's transaction
   * (the round's own void: exactly once with it).
   */
  async voidRound(q: Queryable, r: Pick<RoundRow, 'gameCode' | 'roundNo'>): Promise<number> {
    let voided = 0;
    for (;;) {
      const batch = await openRoundBatch(q, r.gameCode, r.roundNo, this.opts.playersPerBatch);
      if (batch.length === 0) break;
      voided += await this.endBets(
        q,
        batch.map((bet) => ({
          bet,
          status: 'voided',
          result: 'void',
          legResult: 'void',
          payout: bet.stake,
          validStake: 0n,
        })),
        'void',
      );
    }
    await clearRoundLiability(q, r.gameCode, r.roundNo);
    return voided;
  }

  /** The round is finished: whatever its selections still hold goes with it. */
  clearRound(q: Queryable, r: Pick<RoundRow, 'gameCode' | 'roundNo'>): Promise<void> {
    return clearRoundLiability(q, r.gameCode, r.roundNo);
  }

  /**
   * Ends bets still open at the version read, credits what they pay back, gives back their
   * liability and writes their next versions, in the caller's transaction; the live tables
   * settle their rounds' bets through it too (docs/contract.md §10.12).
   */
  async endBets(q: Queryable, rows: readonly EndedBet[], how: 'settle' | 'void'): Promise<number> {
    const now = this.now();
    const done = await markGameBetsEnded(
      q,
      rows.map((r) => ({
        id: r.bet.id,
        version: r.bet.version,
        status: r.status,
        result: r.result,
        legResult: r.legResult,
        payout: r.payout,
        validStake: r.validStake,
      })),
      now,
    );
    const mine = rows.filter((r) => done.has(r.bet.id));
    const posted = await this.ledger.postMany(
      q,
      mine
        .filter((r) => r.payout > 0n)
        .map((r) => ({
          reference: `${how}:${r.bet.id}:${r.bet.version + 1}`,
          kind: how === 'void' ? 'bet_void' : 'bet_payout',
          postings: [
            { account: bookAccount(r.bet), amount: -r.payout },
            { account: playerAccount(r.bet), amount: r.payout },
          ],
        })),
    );
    if (!posted.posted) throw new Error('a game settlement credit was refused');
    await releaseGameLiability(
      q,
      mine.map((r) => r.bet),
    );
    if (how === 'settle') {
      this.#batches += 1;
      if (this.#batches === this.opts.crashAtBatch) {
        // The test hook (never in production): die as a machine would, mid-transaction.
        process.kill(process.pid, 'SIGKILL');
      }
    }
    await insertVersions(
      q,
      mine.map((r) => ({
        merchant: r.bet.merchant,
        venueCode: r.bet.venueCode,
        body: gameBetVersion(
          {
            ...r.bet,
            status: r.status,
            result: r.result,
            legResult: r.legResult,
            payout: r.payout,
            validStake: r.validStake,
            settledAt: now,
            version: r.bet.version + 1,
          },
          r.status === 'voided' ? 'voided' : 'settled',
        ),
      })),
    );
    return mine.length;
  }
}

function byPlayer(bets: readonly GameBetRow[]): Map<string, GameBetRow[]> {
  const out = new Map<string, GameBetRow[]>();
  for (const b of bets) {
    const k = JSON.stringify([b.merchant, b.venueCode, b.playerId]);
    out.set(k, [...(out.get(k) ?? []), b]);
  }
  return out;
}
