import { useState } from 'react';
import type { GameBetView } from '@nebula/protocol/venue/games/game-bets';
import { EmptyState, ErrorState, ListSkeleton } from '../../../components/states';
import { ApiError, NETWORK_MESSAGE } from '../../../lib/api';
import { dateTimeOf, money } from '../../../lib/format';
import { useLoad } from '../../../lib/use-load';
import { gamesCalls } from '../../lib/games-api';
import { oddsText } from '../rules/rtp';
import type { RoundCheck } from '../verify/verify';
import { loadCheck } from '../verify/verify-page';
import { RoundSteps } from '../verify/verify-steps';

const statusText: Record<string, [string, string]> = {
  open: ['待开奖', 'badge--wait'],
  won: ['已中奖', 'badge--win'],
  lost: ['未中奖', 'badge--lose'],
  push: ['和局', 'badge--void'],
  void: ['已退款', 'badge--void'],
};

function BetRow({ b }: { b: GameBetView }) {
  const [label, tone] =
    b.status === 'open' ? statusText.open! : (statusText[b.result] ?? statusText.void!);
  return (
    <li className="gbet" data-bet={b.betId} data-status={b.status} data-result={b.result}>
      <div className="gbet__top">
        <span>
          第 {b.roundNo} 期 · {b.betTypeName}
        </span>
        <span className={`badge ${tone}`}>{label}</span>
      </div>
      <div className="gbet__mid">
        <b className="gbet__pick">{b.pickLabel}</b>
        <span>@{oddsText(b.oddsMilli)}</span>
        <span>投注 ¥{money(b.stake)}</span>
      </div>
      <div className="gbet__bottom">
        <span>派彩 {b.payout === null ? '—' : `¥${money(b.payout)}`}</span>
        <span>有效投注 {b.validStake === null ? '—' : `¥${money(b.validStake)}`}</span>
        <span>{dateTimeOf(b.placedAt)}</span>
      </div>
    </li>
  );
}

/** One of the member's last rounds, its every step on demand (computed here when opened). */
function PlayedRound({ gameCode, roundNo }: { gameCode: string; roundNo: string }) {
  const [state, setState] = useState<
    | { kind: 'closed' }
    | { kind: 'loading' }
    | { kind: 'error'; message: string }
    | { kind: 'ready'; check: RoundCheck }
  >({ kind: 'closed' });
  const open = () => {
    if (state.kind === 'ready' || state.kind === 'loading') return setState({ kind: 'closed' });
    setState({ kind: 'loading' });
    loadCheck(gameCode, roundNo).then(
      (check) => setState({ kind: 'ready', check }),
      (err: unknown) =>
        setState({
          kind: 'error',
          message: err instanceof ApiError ? err.message : NETWORK_MESSAGE,
        }),
    );
  };
  return (
    <li className="played">
      <button
        type="button"
        className="played__head"
        aria-expanded={state.kind === 'ready'}
        onClick={open}
      >
        第 {roundNo} 期 <span>{state.kind === 'ready' ? '收起' : '查看每一步 ›'}</span>
      </button>
      {state.kind === 'loading' && <ListSkeleton rows={1} />}
      {state.kind === 'error' && <p className="k3-confirm__error">{state.message}</p>}
      {state.kind === 'ready' && <RoundSteps check={state.check} />}
    </li>
  );
}

/** 游戏记录 / 我的注单: the member's game bets and their last 10 rounds with every step. */
export function RecordsPage() {
  // Settlement is the venue's doing: the list looks again every few seconds, quietly.
  const { state, reload } = useLoad('bets', () => gamesCalls.myBets({ limit: 50 }), {
    refreshMs: 3000,
  });
  if (state.kind === 'loading') return <ListSkeleton rows={5} />;
  if (state.kind === 'error')
    return <ErrorState message={state.message} onRetry={() => reload()} />;
  const bets = state.data.bets;
  const rounds: { gameCode: string; roundNo: string }[] = [];
  for (const b of bets) {
    if (rounds.length >= 10) break;
    if (!rounds.some((r) => r.gameCode === b.gameCode && r.roundNo === b.roundNo)) {
      rounds.push({ gameCode: b.gameCode, roundNo: b.roundNo });
    }
  }
  return (
    <section className="records" aria-label="游戏记录">
      <h2 className="page-title">我的注单</h2>
      {bets.length === 0 ? (
        <EmptyState title="暂无注单" hint="投注后在这里查看结果与派彩" />
      ) : (
        <ul className="gbets">
          {bets.map((b) => (
            <BetRow key={b.betId} b={b} />
          ))}
        </ul>
      )}
      {rounds.length > 0 && (
        <>
          <h3 className="page-title page-title--sub">最近 10 期 · 每一步</h3>
          <ul className="played__list">
            {rounds.map((r) => (
              <PlayedRound key={`${r.gameCode}:${r.roundNo}`} {...r} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
