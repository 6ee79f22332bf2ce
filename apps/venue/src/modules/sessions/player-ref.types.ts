/**
 * A player of the venue: one member of one merchant's site, playing on one of the venue's
 * codes. Sessions are opened for it; wallets, bets and preferences are keyed by it.
 */
export interface PlayerRef {
  merchant: string;
  venueCode: string;
  playerId: string;
}
