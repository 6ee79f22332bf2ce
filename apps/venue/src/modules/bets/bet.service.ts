/**
 * The bets module's face to the other modules: reading a bet and a player's bets (the page's
 * "my bets", the back office), and the versions and score changes merchants follow. Other
 * modules import this file, never the bets' repositories.
 */
export type { BetRow, BetStatus, LegRow } from './bet.types';
export { listPlayerBets, readBet } from './bet.repository';
export { readScoreChangesAfter, readVersionsAfter } from './bet-version.repository';
