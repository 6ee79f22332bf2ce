import { useState } from 'react';
import type { GameLimitsView } from '@nebula/protocol/venue/games/game-bets';
import type { ChasePlanView } from '@nebula/protocol/venue/games/game-chase';
import { Sheet } from '../../../components/sheet';
import { ApiError, NETWORK_MESSAGE, SessionExpiredError } from '../../../lib/api';
import { money } from '../../../lib/format';
import { gamesCalls } from '../../lib/games-api';
import { newRequestKey, type SlipBet } from './slip';
import { CHASE_MAX_DRAWS, chaseProblem, chaseSchedule, type ChaseForm } from './chase-plan';

const digits = (v: string, max: number) => Math.min(max, Number(v.replace(/\D/g, '').slice(0, 6)));

/**
 * 追号: the slip's picks over the next N draws (≤ 120), 同倍 or 翻倍 with a cap, 中奖后停止. The
 * page shows each draw's multiple and the whole plan's total before it is sent; the venue
 * debits each draw only when it opens (docs/contract.md §10.11, "Chases"). One request key per
 * sheet, so 重试 after a lost answer makes one plan.
 */
export function ChaseSheet({
  gameCode,
  gameName,
  bets,
  multiple,
  limits,
  onClose,
  onShowPlans,
}: {
  gameCode: string;
  gameName: string;
  bets: SlipBet[];
  multiple: number;
  limits: GameLimitsView;
  onClose: () => void;
  onShowPlans: () => void;
}) {
  const [requestKey] = useState(newRequestKey);
  const [form, setForm] = useState<ChaseForm>({
    draws: 10,
    multiple: Math.max(1, multiple),
    mode: 'same',
    maxMultiple: Math.min(limits.maxMultiple, Math.max(1, multiple) * 8),
    stopOnWin: true,
  });
  const [phase, setPhase] = useState<
    | { kind: 'idle'; error: string | null }
    | { kind: 'sending' }
    | { kind: 'done'; plan: ChasePlanView }
  >({ kind: 'idle', error: null });
  const set = (p: Partial<ChaseForm>) => {
    setForm((f) => ({ ...f, ...p }));
    if (phase.kind === 'idle' && phase.error) setPhase({ kind: 'idle', error: null });
  };
  const plan = chaseSchedule(form, bets.length, limits.unitPrice);
  const problem = chaseProblem(form, bets.length, limits);
  const send = async () => {
    if (problem || phase.kind === 'sending') return;
    setPhase({ kind: 'sending' });
    try {
      const created = await gamesCalls.chase(gameCode, {
        requestKey,
        draws: form.draws,
        multiple: form.multiple,
        mode: form.mode,
        ...(form.mode === 'double' ? { maxMultiple: form.maxMultiple } : {}),
        stopOnWin: form.stopOnWin,
        unitPrice: limits.unitPrice,
        picks: bets.map((b) => ({ betType: b.betType, pick: b.pick })),
      });
      setPhase({ kind: 'done', plan: created });
    } catch (err) {
      if (err instanceof SessionExpiredError) return;
      const message = err instanceof ApiError && err.code !== 0 ? err.message : NETWORK_MESSAGE;
      setPhase({ kind: 'idle', error: message });
    }
  };
  if (phase.kind === 'done') {
    return (
      <Sheet title="追号已创建" open onClose={onClose}>
        <div className="k3-done" role="status" data-plan={phase.plan.planId}>
          <p className="k3-done__title">
            {gameName} · 追 {phase.plan.draws} 期 · {bets.length} 注
          </p>
          <p>每期开盘时扣款，余额不足或封盘未投的期会停止并说明原因。</p>
        </div>
        <footer className="sheet__footer">
          <button type="button" className="btn btn--ghost btn--grow" onClick={onShowPlans}>
            查看追号
          </button>
          <button type="button" className="btn btn--primary btn--grow" onClick={onClose}>
            继续投注
          </button>
        </footer>
      </Sheet>
    );
  }
  const error = phase.kind === 'idle' ? (phase.error ?? problem) : null;
  return (
    <Sheet title="追号" open onClose={onClose}>
      <div className="chase-form">
        <p className="k3-confirm__round">
          {gameName} · {bets.length} 注 × ¥{money(limits.unitPrice)}
        </p>
        <label className="chase-form__row">
          <span>追号期数</span>
          <input
            aria-label="追号期数"
            inputMode="numeric"
            value={form.draws === 0 ? '' : String(form.draws)}
            onChange={(e) => set({ draws: digits(e.target.value, CHASE_MAX_DRAWS) })}
          />
          <span className="chase-form__note">最多 {CHASE_MAX_DRAWS} 期</span>
        </label>
        <div className="chips" role="group" aria-label="期数">
          {[2, 5, 10, 20, 50].map((n) => (
            <button
              type="button"
              key={n}
              className={`chip${form.draws === n ? ' chip--on' : ''}`}
              onClick={() => set({ draws: n })}
            >
              {n} 期
            </button>
          ))}
        </div>
        <div className="chips" role="radiogroup" aria-label="倍数方式">
          {(
            [
              ['same', '同倍'],
              ['double', '翻倍'],
            ] as const
          ).map(([mode, label]) => (
            <button
              type="button"
              role="radio"
              key={mode}
              aria-checked={form.mode === mode}
              className={`chip${form.mode === mode ? ' chip--on' : ''}`}
              onClick={() => set({ mode })}
            >
              {label}
            </button>
          ))}
        </div>
        <label className="chase-form__row">
          <span>起始倍数</span>
          <input
            aria-label="起始倍数"
            inputMode="numeric"
            value={form.multiple === 0 ? '' : String(form.multiple)}
            onChange={(e) => set({ multiple: digits(e.target.value, limits.maxMultiple) })}
          />
        </label>
        {form.mode === 'double' && (
          <label className="chase-form__row">
            <span>最高倍数</span>
            <input
              aria-label="最高倍数"
              inputMode="numeric"
              value={form.maxMultiple === 0 ? '' : String(form.maxMultiple)}
              onChange={(e) => set({ maxMultiple: digits(e.target.value, limits.maxMultiple) })}
            />
          </label>
        )}
        <label className="chase-form__check">
          <input
            type="checkbox"
            checked={form.stopOnWin}
            onChange={(e) => set({ stopOnWin: e.target.checked })}
          />
          中奖后停止追号
        </label>
        <ol className="chase-form__draws" aria-label="每期倍数">
          {plan.multiples.slice(0, 6).map((m, i) => (
            <li key={i}>
              第 {i + 1} 期 {m} 倍 ¥{money(plan.stakes[i]!)}
            </li>
          ))}
          {plan.multiples.length > 6 && <li>… 共 {plan.multiples.length} 期</li>}
        </ol>
        <p className="k3-confirm__sum">
          共 {plan.multiples.length} 期，合计{' '}
          <b className="k3-confirm__total" data-total={plan.total}>
            ¥{money(plan.total)}
          </b>
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
          disabled={phase.kind === 'sending' || problem !== null}
          onClick={() => void send()}
        >
          {phase.kind === 'sending' ? '提交中…' : `确认追号 ¥${money(plan.total)}`}
        </button>
      </footer>
    </Sheet>
  );
}
