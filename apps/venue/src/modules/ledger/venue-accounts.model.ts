/**
 * The venue ledger's accounts. A player account is a wallet (`venue_wallets`, its balance
 * minus its debt equals the account's postings); a merchant account holds what the merchant
 * moved in and not out; a book account holds open stakes and the house's result.
 */
export interface WalletKey {
  merchant: string;
  venueCode: string;
  playerId: string;
}

export const playerAccount = (k: WalletKey) => `player:${k.merchant}:${k.venueCode}:${k.playerId}`;
export const merchantAccount = (k: Pick<WalletKey, 'merchant' | 'venueCode'>) =>
  `merchant:${k.merchant}:${k.venueCode}`;
/** Stakes held for open bets and the house's result: the book of one merchant's venue. */
export const bookAccount = (k: Pick<WalletKey, 'merchant' | 'venueCode'>) =>
  `book:${k.merchant}:${k.venueCode}`;

export type ParsedAccount =
  | { kind: 'player'; wallet: WalletKey }
  | { kind: 'merchant' | 'book'; merchant: string; venueCode: string };

// Merchant and venue codes never hold a colon (a venue code list is colon-separated); a
// player id may, so it is the rest of the name.
const PLAYER = /^player:([^:]+):([^:]+):(.+)$/;
const HOUSE = /^(merchant|book):([^:]+):([^:]+)$/;

/** The account a name denotes; null for a name that is none of the venue's accounts. */
export function parseAccount(name: string): ParsedAccount | null {
  const p = PLAYER.exec(name);
  if (p) return { kind: 'player', wallet: { merchant: p[1]!, venueCode: p[2]!, playerId: p[3]! } };
  const h = HOUSE.exec(name);
  if (h) return { kind: h[1] as 'merchant' | 'book', merchant: h[2]!, venueCode: h[3]! };
  return null;
}
