import { randomBytes } from 'node:crypto';
import type { Db, Queryable } from '@nebula/db';
import { gameSelectionId, parseGameSelectionId } from '@nebula/protocol/venue/games/index';
import { betReturnFen } from '@nebula/protocol/venue/settlement';
import {
  insertGameBets,
  insertVersions,
  markGameBetsEnded,
  releaseGameLiability,
  reserveGameLiability,
  type GameBetRow,
} from '../../apps/venue/src/modules/bets/bet.service';
import { gameBetVersion } from '../../apps/venue/src/modules/games/game-bet-view.model';
import { DEMO_GAME_SETTINGS } from '../../apps/venue/src/modules/games/game-bets.service';
import { addRoundStake, claimSlip } from '../../apps/venue/src/modules/games/game-bets.repository';
import { gameDefinition } from '../../apps/venue/src/modules/games/game-catalogue';
import { gameRules } from '../../apps/venue/src/modules/games/game-rules';
import { findRound } from '../../apps/venue/src/modules/games/games.repository';
import {
  bookAccount,
  playerAccount,
} from '../../apps/venue/src/modules/ledger/venue-accounts.model';
import type { VenueLedger } from '../../apps/venue/src/modules/ledger/venue-ledger.service';

/**
 * The naive lottery peer bench:lottery measures the venue against: one transaction per bet,
 * each taking the round row FOR UPDATE (so every bet of the round waits for the one before),
 * then writing what a slip writes for that bet — the claim, the player's round total, the
 * liability, the stake entry through the same venue ledger, the bet and its version. Its
 * settlement is one transaction per bet as well.
 */
export class SealedError extends Error {}

type Player = { merchant: string; venueCode: string; playerId: string };

export async function naivePlaceBet(
  db: Db,
  ledger: VenueLedger,
  now: () => number,
  player: Player,
  gameCode: string,
  roundNo: string,
  pick: { betType: string; pick: string },
  stake: bigint,
): Promise<void> {
  const rules = gameRules(gameCode)!;
  const def = gameDefinition(gameCode)!;
  await db.tx(async (q) => {
    const at = now();
    const round = await findRound(q, gameCode, roundNo, true);
    if (!round || round.status !== 'open' || at >= round.sealAt) throw new SealedError();
    const slipId = randomBytes(12).toString('base64url');
    const requestKey = randomBytes(12).toString('hex');
    await claimSlip(
      q,
      { ...player, requestKey },
      { slipId, requestHash: requestKey, gameCode, roundNo, total: stake },
      at,
    );
    if (
      !(await addRoundStake(
        q,
        { ...player, gameCode, roundNo },
        stake,
        DEMO_GAME_SETTINGS.maxStakePerRound,
      ))
    )
      throw new Error('round limit');
    const oddsMilli = rules.odds(def.paytable, pick.betType, pick.pick)!;
    const payout = betReturnFen(stake, [{ oddsMilli, result: 'won' }]);
    const bet: GameBetRow & { requestKey: string; requestHash: string } = {
      id: `N${randomBytes(8).toString('hex')}`,
      ...player,
      gameCode,
      roundNo,
      slipId,
      requestKey: `${slipId}:0`,
      requestHash: requestKey,
      stake,
      status: 'open',
      result: null,
      payout: null,
      validStake: null,
      placedAt: at,
      settledAt: null,
      version: 1,
      selectionId: gameSelectionId(gameCode, roundNo, pick.betType, pick.pick),
      eventId: `g:${gameCode}:${roundNo}`,
      marketId: `g:${gameCode}:${roundNo}:${pick.betType}`,
      oddsMilli,
      eventName: `${def.name} 第${roundNo}期`,
      marketLabel: pick.betType,
      outcomeLabel: rules.pickLabel(pick.betType, pick.pick),
      liability: payout - stake,
      legResult: null,
    };
    const reserve = [{ selectionId: bet.selectionId, amount: bet.liability }];
    if (!(await reserveGameLiability(q, player, reserve, DEMO_GAME_SETTINGS.liabilityCap)))
      throw new Error('liability');
    const debit = await ledger.post(q, {
      reference: `bet:${bet.id}`,
      kind: 'bet_stake',
      postings: [
        { account: playerAccount(player), amount: -stake },
        { account: bookAccount(player), amount: stake },
      ],
    });
    if (!debit.posted) throw new Error('balance');
    await insertGameBets(q, [bet], [gameBetVersion(bet, 'accepted')]);
  });
}

/** Settles each bet in its own transaction: re-read under lock, decide, credit, version. */
export async function naiveSettle(
  db: Db,
  ledger: VenueLedger,
  now: () => number,
  bets: readonly GameBetRow[],
  outcome: readonly number[],
): Promise<number> {
  let n = 0;
  for (const bet of bets) {
    const rules = gameRules(bet.gameCode)!;
    const key = parseGameSelectionId(bet.selectionId);
    await db.tx(async (q: Queryable) => {
      const cur = await q.query<{ status: string }>(
        'SELECT status FROM venue_bets WHERE id = $1 FOR UPDATE',
        [bet.id],
      );
      if (cur.rows[0]?.status !== 'open') return;
      const wins = key !== null && rules.wins(key.betType, key.pick, outcome);
      const payout = wins
        ? betReturnFen(bet.stake, [{ oddsMilli: bet.oddsMilli, result: 'won' }])
        : 0n;
      const result = payout > bet.stake ? 'won' : payout === bet.stake ? 'push' : 'lost';
      const at = now();
      await markGameBetsEnded(
        q,
        [
          {
            id: bet.id,
            version: bet.version,
            status: 'settled',
            result,
            legResult: result,
            payout,
            validStake: bet.stake,
          },
        ],
        at,
      );
      if (payout > 0n) {
        const posted = await ledger.post(q, {
          reference: `settle:${bet.id}:${bet.version + 1}`,
          kind: 'bet_payout',
          postings: [
            { account: bookAccount(bet), amount: -payout },
            { account: playerAccount(bet), amount: payout },
          ],
        });
        if (!posted.posted) throw new Error('credit refused');
      }
      await releaseGameLiability(q, [bet]);
      await insertVersions(q, [
        {
          merchant: bet.merchant,
          venueCode: bet.venueCode,
          body: gameBetVersion(
            {
              ...bet,
              status: 'settled',
              result,
              legResult: result,
              payout,
              validStake: bet.stake,
              settledAt: at,
              version: bet.version + 1,
            },
            'settled',
          ),
        },
      ]);
      n += 1;
    });
  }
  return n;
}
