import { formatMoney } from '@nebula/protocol/money/fen';
import type { TableView } from '@nebula/protocol/venue/games/tables-api';
import {
  TABLE_ZONE_NAMES,
  zonesOfKind,
  type TableZone,
} from '@nebula/protocol/venue/games/tables-zones';
import { chipFace, type ZoneFen } from './table-draft';

/** What each zone pays, as the rules page states it (docs/contract.md §10.12). */
export function payText(zone: TableZone, noCommission: boolean, kind: TableView['kind']): string {
  switch (zone) {
    case 'banker':
      return noCommission ? '1:1（6点赢 1:0.5）' : '1:0.95';
    case 'tie':
      return '1:8';
    case 'banker_pair':
    case 'player_pair':
      return '1:11';
    default:
      return kind === 'dragon_tiger' ? '1:1（和局退一半）' : '1:1';
  }
}

/**
 * The felt: every zone of the table with what it pays, the table's total on it (every member,
 * not who) and the member's own (placed, plus the chips not yet confirmed). Tapping a zone puts
 * the chosen chip on it while betting is open.
 */
export function TableZones({
  table,
  totals,
  placed,
  draft,
  winner,
  disabled,
  onDrop,
}: {
  table: TableView;
  totals: ZoneFen;
  placed: ZoneFen;
  draft: ZoneFen;
  winner: TableZone | null;
  disabled: boolean;
  onDrop: (zone: TableZone) => void;
}) {
  return (
    <div className={`zones zones--${table.kind}`} role="group" aria-label="下注区">
      {zonesOfKind(table.kind).map((zone) => {
        const mine = (placed[zone] ?? 0n) + (draft[zone] ?? 0n);
        return (
          <button
            type="button"
            key={zone}
            className={`zone zone--${zone}${winner === zone ? ' zone--won' : ''}`}
            data-zone={zone}
            disabled={disabled}
            onClick={() => onDrop(zone)}
          >
            <span className="zone__name">{TABLE_ZONE_NAMES[zone]}</span>
            <span className="zone__pay">{payText(zone, table.noCommission, table.kind)}</span>
            <span className="zone__all" data-table-total={formatMoney(totals[zone] ?? 0n)}>
              全桌 ¥{formatMoney(totals[zone] ?? 0n)}
            </span>
            {mine > 0n && (
              <span
                className="zone__mine"
                data-mine={formatMoney(mine)}
                data-draft={formatMoney(draft[zone] ?? 0n)}
              >
                我 ¥{formatMoney(mine)}
                {(draft[zone] ?? 0n) > 0n && <i> (+{chipFace(draft[zone]!)})</i>}
              </span>
            )}
          </button>
        );
      })}
    </div>
  );
}
