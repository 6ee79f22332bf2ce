import type { GameLimitsView } from '@nebula/protocol/venue/games/game-bets';
import { money } from '../../../lib/format';
import type { Loaded } from '../../../lib/use-load';
import type { ClockState } from '../../components/round-clock';
import { slipTotal } from './slip';

/** 倍数 field: digits only, at least 1 when confirmed. */
function MultipleInput({
  value,
  onChange,
  max,
}: {
  value: number;
  onChange: (n: number) => void;
  max: number;
}) {
  return (
    <span className="stepper">
      <button type="button" aria-label="减少倍数" onClick={() => onChange(Math.max(1, value - 1))}>
        −
      </button>
      <input
        aria-label="倍数"
        inputMode="numeric"
        value={value === 0 ? '' : String(value)}
        onChange={(e) => {
          const n = Number(e.target.value.replace(/\D/g, '').slice(0, 6));
          onChange(Math.min(n, max));
        }}
      />
      <button
        type="button"
        aria-label="增加倍数"
        onClick={() => onChange(Math.min(max, value + 1))}
      >
        +
      </button>
    </span>
  );
}

/**
 * The slip under a lottery board (快3, PK10, 时时彩): 注数 × 倍数 × 单价 = the total, 机选, 清空,
 * 追号 and 确认投注. 单价 and the limits are the venue's; the bar waits for them.
 */
export function SlipBar({
  count,
  chosen,
  multiple,
  onMultiple,
  limits,
  onRetryLimits,
  problem,
  clock,
  onQuick,
  onClear,
  onConfirm,
  onChase,
}: {
  count: number;
  chosen: number;
  multiple: number;
  onMultiple: (n: number) => void;
  limits: Loaded<GameLimitsView>;
  onRetryLimits: () => void;
  problem: string | null;
  clock: ClockState;
  onQuick: () => void;
  onClear: () => void;
  onConfirm: () => void;
  onChase: () => void;
}) {
  const lim = limits.kind === 'ready' ? limits.data : null;
  const open = clock.kind === 'open';
  return (
    <section className="k3-slip" aria-label="投注单">
      {lim ? (
        <div className="k3-slip__line">
          <span>
            <b data-count={count}>{count}</b> 注 ×
          </span>
          <MultipleInput value={multiple} onChange={onMultiple} max={lim.maxMultiple} />
          <span>倍 × ¥{money(lim.unitPrice)} =</span>
          <b className="k3-slip__total" data-total={slipTotal(count, multiple, lim.unitPrice)}>
            ¥{money(slipTotal(count, multiple, lim.unitPrice))}
          </b>
        </div>
      ) : (
        <p className="k3-slip__problem" role={limits.kind === 'error' ? 'alert' : undefined}>
          {limits.kind === 'error' ? `投注规则加载失败：${limits.message}` : '加载投注规则…'}
          {limits.kind === 'error' && (
            <button type="button" className="link-btn" onClick={onRetryLimits}>
              重试
            </button>
          )}
        </p>
      )}
      {problem && (
        <p className="k3-slip__problem" role="alert">
          {problem}
        </p>
      )}
      <div className="k3-slip__actions">
        <button type="button" className="btn btn--ghost" disabled={!open} onClick={onQuick}>
          机选
        </button>
        <button type="button" className="btn btn--ghost" disabled={chosen === 0} onClick={onClear}>
          清空
        </button>
        <button
          type="button"
          className="btn btn--ghost"
          disabled={!lim || count === 0}
          onClick={onChase}
        >
          追号
        </button>
        <button
          type="button"
          className="btn btn--primary btn--grow"
          disabled={!open || !lim || count === 0}
          onClick={onConfirm}
        >
          {open ? '确认投注' : clock.kind === 'sealed' ? '已封盘' : '暂停投注'}
        </button>
      </div>
    </section>
  );
}
