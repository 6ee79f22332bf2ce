/**
 * The bets module's face to the other modules: reading a bet and a player's bets (the page's
 * "my bets", the back office), and the versions and score changes merchants follow. Other
 * modules import this file, never the bets' repositories. The house games' bets are venue
 * bets too: the games module decides them and writes them through the functions below.
 */
export type { BetRow, BetStatus, LegRow } from './bet.types';
export { listPlayerBets, readBet } from './bet.repository';
export { insertVersions, readScoreChangesAfter, readVersionsAfter } from './bet-version.repository';
export type { GameBetRow } from './game-bet.repository';
export { settledGameBetCtes, type SettledGameBetParams } from './settled-game-bet.repository';
export {
  insertGameBets,
  listPlayerGameBets,
  markGameBetsEnded,
  openRoundBatch,
  readSlipBets,
} from './game-bet.repository';
export {
  clearRoundLiability,
  releaseGameLiability,
  reserveGameLiability,
} from './game-liability.repository';
