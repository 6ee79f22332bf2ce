import type { OddsType } from '@nebula/protocol/odds/odds';
import { marketLabel, outcomeLabel } from '@nebula/protocol/venue/markets';
import { sanitizeAmountInput } from '@nebula/protocol/rules/amount-input';
import { CloseIcon, LockIcon } from '../../components/icons';
import { lineOf, money, oddsText } from '../../lib/format';
import { useEventState } from '../../store/events-store';
import { quoteOf, removeItem, setItemStake, type SlipItem } from '../../store/slip-store';
import { returnFen, stakeFen, yuan } from './slip-math';

/** What the selection is, in words: "曼城 -0.5", "大 2.5", "和局", "单". */
export function pickName(item: SlipItem): string {
  const side = item.outcome === 'home' ? item.home : item.outcome === 'away' ? item.away : null;
  const line = lineOf(item.kind, item.outcome, item.line100);
  if (item.kind === 'ah') return `${side} ${line}`;
  if (item.kind === 'ou') return `${outcomeLabel[item.outcome]} ${line}`;
  if (item.kind === '1x2' || item.kind === 'ml') return item.outcome === 'draw' ? '和局' : side!;
  return outcomeLabel[item.outcome];
}

/** One selection of the slip: its live price (with the change since accepted) and, 单关, its stake. */
export function SlipItemRow({
  item,
  single,
  oddsType,
  focused,
  onFocus,
  minStake,
}: {
  item: SlipItem;
  single: boolean;
  oddsType: OddsType;
  focused: boolean;
  onFocus: () => void;
  minStake: string | undefined;
}) {
  const ev = useEventState(item.eventId);
  const q = quoteOf(item, ev);
  const changed = q.state === 'open' && q.oddsMilli !== item.acceptedMilli;
  const up = changed && q.oddsMilli > item.acceptedMilli;
  const ret = returnFen(stakeFen(item.stake), [item.acceptedMilli]);
  return (
    <li
      className={`slip-item${q.state !== 'open' ? ' slip-item--off' : ''}`}
      data-selection={item.selectionId}
    >
      <div className="slip-item__top">
        <span className="slip-item__pick">{pickName(item)}</span>
        <span className="slip-item__price">
          {q.state === 'open' ? (
            <>
              {changed && (
                <s className="slip-item__was">
                  {oddsText(item.acceptedMilli, item.kind, oddsType)}
                </s>
              )}
              <b className={changed ? (up ? 'is-up' : 'is-down') : ''} data-price={q.oddsMilli}>
                {oddsText(q.oddsMilli, item.kind, oddsType)}
                {changed && (up ? ' ▲' : ' ▼')}
              </b>
            </>
          ) : (
            <span className="slip-item__state">
              <LockIcon /> {q.state === 'suspended' ? '暂停' : '已关闭'}
            </span>
          )}
        </span>
        <button
          type="button"
          className="icon-btn icon-btn--small"
          aria-label="移除"
          onClick={() => removeItem(item.selectionId)}
        >
          <CloseIcon />
        </button>
      </div>
      <div className="slip-item__sub">
        {marketLabel(item.sport, item.period, item.kind)} · {item.home} vs {item.away}
      </div>
      {changed && <div className="slip-item__changed">赔率已变化</div>}
      {single && (
        <div className="slip-item__stake">
          <input
            className={`stake-input${focused ? ' stake-input--on' : ''}`}
            inputMode="decimal"
            placeholder={minStake ? `最低 ${money(minStake)}` : '投注额'}
            aria-label={`${pickName(item)} 投注额`}
            value={item.stake}
            onFocus={onFocus}
            onChange={(e) => setItemStake(item.selectionId, sanitizeAmountInput(e.target.value))}
          />
          <span className="slip-item__return">
            可赢 <b>{yuan(ret > 0n ? ret - stakeFen(item.stake) : 0n)}</b>
          </span>
        </div>
      )}
    </li>
  );
}
