import { useState } from 'react';
import type { GameSlipView } from '@nebula/protocol/venue/games/game-bets';
import { Sheet } from '../../../components/sheet';
import { ApiError, NETWORK_MESSAGE, SessionExpiredError } from '../../../lib/api';
import { money } from '../../../lib/format';
import { balanceFromSlip } from '../../lib/wallet-store';
import { oddsText } from '../rules/rtp';
import { newRequestKey, placeDraft, slipTotal, type DescribeBet, type SlipDraft } from './slip';

type Phase =
  | { kind: 'idle'; error: string | null }
  | { kind: 'placing' }
  | { kind: 'done'; slip: GameSlipView };

/** The venue's refusal in the member's words: the code's Chinese message (and the next 期号 on 8074). */
function refusalText(err: unknown): string {
  if (!(err instanceof ApiError) || err.code === 0) return NETWORK_MESSAGE;
  const next = err.data?.nextRoundNo;
  return typeof next === 'string' ? `${err.message}（下一期 ${next}）` : err.message;
}

/**
 * 确认投注: the exact slip (期号, each bet with its odds, 注数 × 倍数 × 单价 and the total) before
 * the money moves. The request key is made once when the sheet opens; 重试 after a lost answer
 * sends the same key, so the venue places the slip once (docs/contract.md §10.11).
 */
export function ConfirmSheet({
  draft,
  gameName,
  describe,
  onClose,
  onPlaced,
  onShowBets,
}: {
  draft: SlipDraft;
  gameName: string;
  describe: DescribeBet;
  onClose: () => void;
  onPlaced: (slip: GameSlipView) => void;
  onShowBets: () => void;
}) {
  const [requestKey] = useState(newRequestKey);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle', error: null });
  const total = slipTotal(draft.bets.length, draft.multiple, draft.unitPrice);
  const place = async () => {
    if (phase.kind === 'placing') return;
    setPhase({ kind: 'placing' });
    try {
      const slip = await placeDraft(draft, requestKey);
      balanceFromSlip(slip.balance);
      setPhase({ kind: 'done', slip });
      onPlaced(slip);
    } catch (err) {
      if (err instanceof SessionExpiredError) return;
      setPhase({ kind: 'idle', error: refusalText(err) });
    }
  };
  if (phase.kind === 'done') {
    const s = phase.slip;
    return (
      <Sheet title="投注成功" open onClose={onClose}>
        <div className="k3-done" role="status">
          <p className="k3-done__title">
            第 {s.roundNo} 期 · {s.bets.length} 注已投注
          </p>
          <p>
            合计 <b>¥{money(s.total)}</b> · 余额 ¥{money(s.balance)}
          </p>
        </div>
        <footer className="sheet__footer">
          <button type="button" className="btn btn--ghost btn--grow" onClick={onShowBets}>
            查看注单
          </button>
          <button type="button" className="btn btn--primary btn--grow" onClick={onClose}>
            继续投注
          </button>
        </footer>
      </Sheet>
    );
  }
  const error = phase.kind === 'idle' ? phase.error : null;
  return (
    <Sheet title="确认投注" open onClose={onClose}>
      <div className="k3-confirm">
        <p className="k3-confirm__round">
          {gameName} · 第 {draft.roundNo} 期
        </p>
        <ul className="k3-confirm__bets">
          {draft.bets.map((b) => {
            const d = describe(b);
            const odds = d.oddsMilli;
            return (
              <li key={`${b.betType}:${b.pick}`}>
                <span>{d.name}</span>
                <b>{d.label}</b>
                <span className="k3-confirm__odds">
                  {odds === null ? '' : `@${oddsText(odds)}`}
                </span>
              </li>
            );
          })}
        </ul>
        <p className="k3-confirm__sum">
          {draft.bets.length} 注 × {draft.multiple} 倍 × ¥{money(draft.unitPrice)} ={' '}
          <b className="k3-confirm__total">¥{money(total)}</b>
        </p>
        {error && (
          <p className="k3-confirm__error" role="alert">
            {error}
          </p>
        )}
      </div>
      <footer className="sheet__footer">
        <button
          type="button"
          className="btn btn--primary btn--block"
          disabled={phase.kind === 'placing'}
          onClick={() => void place()}
        >
          {phase.kind === 'placing' ? '投注中…' : error ? '重试' : `确认投注 ¥${money(total)}`}
        </button>
      </footer>
    </Sheet>
  );
}
