import type { Queryable } from '@nebula/db';
import { oddsChangePolicies, type OddsChangePolicy } from '@nebula/protocol/venue/markets';
import { isOddsType, type OddsType } from '@nebula/protocol/odds/odds';
import type { PlayerRef } from '../sessions/player-ref.types';

export interface StoredPrefs {
  oddsType: OddsType | null;
  oddsChangePolicy: OddsChangePolicy | null;
}

const isPolicy = (v: unknown): v is OddsChangePolicy =>
  (oddsChangePolicies as readonly unknown[]).includes(v);

export async function readPrefs(q: Queryable, p: PlayerRef): Promise<StoredPrefs> {
  const r = await q.query<{ odds_type: number | null; odds_change_policy: string | null }>(
    'SELECT odds_type, odds_change_policy FROM venue_player_prefs WHERE merchant = $1 AND venue_code = $2 AND player_id = $3',
    [p.merchant, p.venueCode, p.playerId],
  );
  const row = r.rows[0];
  return {
    oddsType: isOddsType(row?.odds_type) ? row.odds_type : null,
    oddsChangePolicy: isPolicy(row?.odds_change_policy) ? row.odds_change_policy : null,
  };
}

/** Sets what the change names and keeps the rest (a null leaves that choice as it was). */
export async function writePrefs(q: Queryable, p: PlayerRef, change: StoredPrefs): Promise<void> {
  await q.query(
    `INSERT INTO venue_player_prefs (merchant, venue_code, player_id, odds_type, odds_change_policy) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (merchant, venue_code, player_id) DO UPDATE SET
       odds_type = COALESCE(EXCLUDED.odds_type, venue_player_prefs.odds_type),
       odds_change_policy = COALESCE(EXCLUDED.odds_change_policy, venue_player_prefs.odds_change_policy)`,
    [p.merchant, p.venueCode, p.playerId, change.oddsType, change.oddsChangePolicy],
  );
}
