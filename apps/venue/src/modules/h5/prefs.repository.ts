import type { Queryable } from '@nebula/db';
import { isOddsType, type OddsType } from '@nebula/protocol/odds/odds';
import type { PlayerRef } from '../sessions/player-ref.types';

export async function readOddsType(q: Queryable, p: PlayerRef): Promise<OddsType | null> {
  const r = await q.query<{ odds_type: number }>(
    'SELECT odds_type FROM venue_player_prefs WHERE merchant = $1 AND venue_code = $2 AND player_id = $3',
    [p.merchant, p.venueCode, p.playerId],
  );
  const t = r.rows[0]?.odds_type;
  return isOddsType(t) ? t : null;
}

export async function writeOddsType(q: Queryable, p: PlayerRef, oddsType: OddsType): Promise<void> {
  await q.query(
    `INSERT INTO venue_player_prefs (merchant, venue_code, player_id, odds_type) VALUES ($1, $2, $3, $4)
     ON CONFLICT (merchant, venue_code, player_id) DO UPDATE SET odds_type = EXCLUDED.odds_type`,
    [p.merchant, p.venueCode, p.playerId, oddsType],
  );
}
