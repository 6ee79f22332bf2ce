import { useRef, useState } from 'react';
import type { TableBetView, TableView } from '@nebula/protocol/venue/games/tables-api';
import { formatMoney } from '@nebula/protocol/money/fen';
import { toast } from '../../../components/toast';
import { ApiError, SessionExpiredError } from '../../../lib/api';
import { tablesCalls } from '../../lib/tables-api';
import { balanceFromSlip } from '../../lib/wallet-store';
import {
  chipFace,
  chipValues,
  draftBets,
  draftProblem,
  repeatDrops,
  sumOf,
  totalsOf,
  type ChipDrop,
  type ZoneFen,
} from './table-draft';

/** A request key per confirmed set of chips: a retry after a lost answer sends the same one. */
const newKey = (): string =>
  `tb-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

/**
 * The chips, 撤销 / 重复 / 清除 and 确认 under the felt. The chips on the felt belong to one
 * round: a new round clears them (nothing was sent).
 */
export function TableBetBar({
  table,
  roundNo,
  open,
  drops,
  setDrops,
  placed,
  last,
  onPlaced,
  chip,
  onChip,
}: {
  table: TableView;
  roundNo: string | null;
  open: boolean;
  drops: ChipDrop[];
  setDrops: (d: ChipDrop[]) => void;
  placed: ZoneFen;
  last: ZoneFen;
  onPlaced: (bets: TableBetView[]) => void;
  chip: bigint | null;
  onChip: (c: bigint) => void;
}) {
  const chips = chipValues(table.limits);
  const chosen = chosenChip(chips, chip);
  const [sending, setSending] = useState(false);
  const key = useRef<{ for: string; key: string } | null>(null);
  const draft = totalsOf(drops);
  const total = sumOf(draft);
  const confirm = async () => {
    if (!roundNo || sending) return;
    const problem = draftProblem(draft, placed, table.limits);
    if (problem) return toast(problem);
    const bets = draftBets(draft);
    const fingerprint = `${roundNo}|${JSON.stringify(bets)}`;
    if (key.current?.for !== fingerprint) key.current = { for: fingerprint, key: newKey() };
    setSending(true);
    try {
      const r = await tablesCalls.place(table.code, {
        requestKey: key.current.key,
        roundNo,
        bets,
      });
      key.current = null;
      balanceFromSlip(r.balance);
      setDrops([]);
      onPlaced(r.bets);
      toast(`下注成功 ¥${formatMoney(sumOf(draft))}`);
    } catch (err) {
      if (err instanceof SessionExpiredError) return;
      // A refusal changed nothing: a new attempt is a new request.
      if (err instanceof ApiError && err.code !== 0) key.current = null;
      toast(err instanceof ApiError ? err.message : String(err));
    } finally {
      setSending(false);
    }
  };
  return (
    <section className="betbar" aria-label="筹码">
      <div className="tchips" role="radiogroup" aria-label="筹码面值">
        {chips.map((c) => (
          <button
            type="button"
            role="radio"
            aria-checked={c === chosen}
            key={c.toString()}
            className={`tchip${c === chosen ? ' tchip--on' : ''}`}
            data-chip={formatMoney(c)}
            onClick={() => onChip(c)}
          >
            {chipFace(c)}
          </button>
        ))}
      </div>
      <div className="betbar__actions">
        <button
          type="button"
          className="btn btn--ghost"
          disabled={drops.length === 0}
          onClick={() => setDrops(drops.slice(0, -1))}
        >
          撤销
        </button>
        <button
          type="button"
          className="btn btn--ghost"
          disabled={!open || sumOf(last) === 0n}
          onClick={() => setDrops([...drops, ...repeatDrops(last)])}
        >
          重复
        </button>
        <button
          type="button"
          className="btn btn--primary btn--grow"
          disabled={!open || total === 0n || sending}
          onClick={() => void confirm()}
        >
          {sending ? '下注中…' : open ? `确认 ¥${formatMoney(total)}` : '已封盘'}
        </button>
      </div>
    </section>
  );
}

/** The chip a zone tap puts down: the member's choice while the table offers it, else the smallest. */
export const chosenChip = (chips: readonly bigint[], chip: bigint | null): bigint | null =>
  chip !== null && chips.includes(chip) ? chip : (chips[0] ?? null);
