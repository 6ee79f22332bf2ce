import { messageFor } from '@nebula/protocol/errors/codes';
import { formatFen } from '@nebula/protocol/format/number-format';
import { parseMoney } from '@nebula/protocol/money/fen';
import type { OddsType } from '@nebula/protocol/odds/odds';
import type { BetView } from '@nebula/protocol/venue/bets';
import { kindOfSelection, money, oddsText } from '../../lib/format';
import type { SlipNotice } from '../../store/slip-store';

/** What was placed: each bet with its number and state, and what to do next. */
export function SlipReceipt({
  bets,
  notice,
  oddsType,
  onMore,
  onShowBets,
}: {
  bets: BetView[];
  notice: SlipNotice | null;
  oddsType: OddsType;
  onMore: () => void;
  onShowBets: () => void;
}) {
  const accepted = bets.filter((b) => b.status !== 'refused');
  return (
    <div className="receipt">
      <p
        className={`receipt__title${accepted.length === 0 ? ' receipt__title--bad' : ''}`}
        role="status"
      >
        {accepted.length === 0
          ? '投注未成功'
          : accepted.some((b) => b.status === 'pending')
            ? '注单确认中'
            : '投注成功'}
      </p>
      <ul className="receipt__list">
        {bets.map((b) => (
          <li className="receipt__bet" key={b.betId} data-bet={b.betId}>
            <div className="receipt__row">
              <span>
                {b.legs.length > 1
                  ? `${b.legs.length}串1`
                  : `${b.legs[0]!.marketLabel} · ${b.legs[0]!.outcomeLabel}`}
              </span>
              <span
                className={`badge badge--${b.status === 'refused' ? 'void' : b.status === 'pending' ? 'wait' : 'open'}`}
              >
                {b.status === 'refused' ? '未接受' : b.status === 'pending' ? '确认中' : '已接受'}
              </span>
            </div>
            <div className="receipt__sub">
              {b.legs
                .map(
                  (l) =>
                    `${l.eventName} @${oddsText(l.oddsMilli, kindOfSelection(l.selectionId), oddsType)}`,
                )
                .join('；')}
            </div>
            <div className="receipt__row receipt__row--facts">
              <span>投注额 {money(b.stake)}</span>
              <span>可赢 {formatFen(parseMoney(b.potentialReturn) - parseMoney(b.stake))}</span>
            </div>
            {b.status === 'refused' && b.refuseCode !== null && (
              <div className="receipt__why">{messageFor(b.refuseCode)}，本金已退回</div>
            )}
            <div className="receipt__id">注单号 {b.betId}</div>
          </li>
        ))}
      </ul>
      {notice && <p className={`notice notice--${notice.tone}`}>{notice.text}</p>}
      <div className="receipt__actions">
        <button type="button" className="btn btn--ghost btn--grow" onClick={onShowBets}>
          查看注单
        </button>
        <button type="button" className="btn btn--primary btn--grow" onClick={onMore}>
          继续投注
        </button>
      </div>
    </div>
  );
}
