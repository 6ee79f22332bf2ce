import { useState } from 'react';
import { messageFor } from '@nebula/protocol/errors/codes';
import type { ChaseDrawView, ChasePlanView } from '@nebula/protocol/venue/games/game-chase';
import { K3_PAYTABLE_V1 } from '@nebula/protocol/venue/games/k3-paytable';
import { PK10_PAYTABLE_V1 } from '@nebula/protocol/venue/games/pk10-paytable';
import { SSC_PAYTABLE_V1 } from '@nebula/protocol/venue/games/ssc-paytable';
import { EmptyState, ErrorState, ListSkeleton } from '../../../components/states';
import { toast } from '../../../components/toast';
import { ApiError, NETWORK_MESSAGE } from '../../../lib/api';
import { dateTimeOf, money } from '../../../lib/format';
import { useStore } from '../../../lib/store';
import { useLoad } from '../../../lib/use-load';
import { gamesCalls } from '../../lib/games-api';
import { gamesStore } from '../../lib/games-store';
import { k3Describe } from '../k3/k3-describe';
import { pk10Board } from '../lottery/pk10-board';
import { sscBoard } from '../lottery/ssc-board';

// Names and picks only (the odds a plan's bets get are the paytable's of each draw's round).
const describers: Record<
  string,
  (b: { betType: string; pick: string }) => { name: string; label: string }
> = {
  JSK3: k3Describe(K3_PAYTABLE_V1),
  JSPK10: pk10Board(PK10_PAYTABLE_V1).describe,
  JSSSC: sscBoard(SSC_PAYTABLE_V1).describe,
};

const planStatus: Record<ChasePlanView['status'], [string, string]> = {
  active: ['追号中', 'badge--open'],
  finished: ['已完成', 'badge--void'],
  won: ['中奖停止', 'badge--win'],
  cancelled: ['已撤销', 'badge--void'],
  stopped: ['已停止', 'badge--lose'],
};
const drawStatus: Record<ChaseDrawView['status'], string> = {
  placed: '已投注',
  failed: '未投注',
  voided: '作废退款',
  cancelled: '已撤销',
};

function Plan({
  plan,
  name,
  onChanged,
}: {
  plan: ChasePlanView;
  name: string;
  onChanged: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [label, tone] = planStatus[plan.status];
  const describe = describers[plan.gameCode];
  const left = Math.max(0, plan.draws - plan.placed.length);
  const cancel = async () => {
    setBusy(true);
    try {
      await gamesCalls.cancelChase(plan.planId);
      toast('已撤销剩余期数');
      onChanged();
    } catch (err) {
      toast(err instanceof ApiError && err.code !== 0 ? err.message : NETWORK_MESSAGE);
    } finally {
      setBusy(false);
    }
  };
  return (
    <li className="chase" data-plan={plan.planId} data-status={plan.status}>
      <div className="gbet__top">
        <span>
          {name} · {plan.mode === 'same' ? '同倍' : `翻倍（最高 ${plan.maxMultiple ?? '—'} 倍）`}
          {plan.stopOnWin ? ' · 中奖后停止' : ''}
        </span>
        <span className={`badge ${tone}`}>{label}</span>
      </div>
      <p className="chase__picks">
        {plan.picks
          .map((p) =>
            describe ? `${describe(p).name} ${describe(p).label}` : `${p.betType} ${p.pick}`,
          )
          .join('，')}
      </p>
      <p className="chase__meta">
        共 {plan.draws} 期 · 已追 {plan.placed.length} 期 · 余 {plan.status === 'active' ? left : 0}{' '}
        期 · 单价 ¥{money(plan.unitPrice)} · {dateTimeOf(plan.createdAt)}
      </p>
      {plan.stopCode !== null && (
        <p className="k3-confirm__error">停止原因：{messageFor(plan.stopCode)}</p>
      )}
      {plan.placed.length > 0 && (
        <ol className="chase__draws">
          {plan.placed.map((d) => (
            <li key={d.index} data-round={d.roundNo} data-status={d.status}>
              <span>第 {d.roundNo} 期</span>
              <span>{d.multiple} 倍</span>
              <span>¥{money(d.total)}</span>
              <span className={`chase__state chase__state--${d.status}`}>
                {drawStatus[d.status]}
                {d.errorCode !== null ? `：${messageFor(d.errorCode)}` : ''}
              </span>
            </li>
          ))}
        </ol>
      )}
      {plan.status === 'active' && (
        <button
          type="button"
          className="btn btn--ghost btn--block"
          disabled={busy}
          onClick={() => void cancel()}
        >
          撤销剩余 {left} 期
        </button>
      )}
    </li>
  );
}

/** 追号记录: the member's plans, each draw's 期号, multiple, stake and status; cancel the rest. */
export function ChasesPage() {
  const { state, reload } = useLoad('chases', () => gamesCalls.chases(), { refreshMs: 3000 });
  const games = useStore(gamesStore).games;
  const nameOf = (code: string) => games?.find((g) => g.gameCode === code)?.name ?? code;
  return (
    <section className="records" aria-label="追号记录">
      <h2 className="page-title">追号记录</h2>
      {state.kind === 'loading' && <ListSkeleton rows={3} />}
      {state.kind === 'error' && <ErrorState message={state.message} onRetry={() => reload()} />}
      {state.kind === 'ready' &&
        (state.data.plans.length === 0 ? (
          <EmptyState title="暂无追号" hint="在投注页选好号码后点「追号」" />
        ) : (
          <ul className="gbets">
            {state.data.plans.map((p) => (
              <Plan
                key={p.planId}
                plan={p}
                name={nameOf(p.gameCode)}
                onChanged={() => reload(true)}
              />
            ))}
          </ul>
        ))}
    </section>
  );
}
