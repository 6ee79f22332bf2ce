import { useCallback, useEffect, useRef, useState } from 'react';
import type { OddsType } from '@nebula/protocol/odds/odds';
import type { BetView } from '@nebula/protocol/venue/bets';
import { messageFor } from '@nebula/protocol/errors/codes';
import { formatFen } from '@nebula/protocol/format/number-format';
import { parseMoney } from '@nebula/protocol/money/fen';
import { CopyIcon } from '../../components/icons';
import { EmptyState, ErrorState, ListSkeleton } from '../../components/states';
import { toast } from '../../components/toast';
import { ApiError } from '../../lib/api';
import { dateTimeOf, kindOfSelection, money, oddsText } from '../../lib/format';
import { useStore } from '../../lib/store';
import { venueApi } from '../../lib/venue-api';
import { betsRevision, trackOpenBets } from '../../store/account-store';
import { copyText } from './copy';

type State =
  { kind: 'loading' } | { kind: 'error'; message: string } | { kind: 'ready'; bets: BetView[] };

const RESULT_NAMES: Record<string, string> = {
  won: '赢',
  lost: '输',
  half_won: '赢半',
  half_lost: '输半',
  push: '走盘',
  void: '无效',
  open: '未结算',
};

function statusOf(bet: BetView): { text: string; tone: string } {
  if (bet.status === 'pending') return { text: '确认中', tone: 'wait' };
  if (bet.status === 'open') return { text: '已接受', tone: 'open' };
  if (bet.status === 'refused') return { text: '未接受', tone: 'void' };
  if (bet.status === 'voided') return { text: '已取消', tone: 'void' };
  const r = bet.result ?? 'void';
  return {
    text: RESULT_NAMES[r] ?? r,
    tone:
      r === 'won' || r === 'half_won' ? 'win' : r === 'lost' || r === 'half_lost' ? 'lose' : 'void',
  };
}

/** 可赢: what the bet wins beyond its stake if every leg wins (the return less the stake). */
export function winOf(bet: Pick<BetView, 'stake' | 'potentialReturn'>): string {
  return formatFen(parseMoney(bet.potentialReturn) - parseMoney(bet.stake));
}

function BetCard({ bet, oddsType }: { bet: BetView; oddsType: OddsType }) {
  const s = statusOf(bet);
  const parlay = bet.legs.length > 1;
  const ended = bet.status === 'settled' || bet.status === 'voided' || bet.status === 'refused';
  return (
    <article className="bet" data-bet={bet.betId}>
      <header className="bet__head">
        <span className="bet__kind">{parlay ? `${bet.legs.length}串1` : '单关'}</span>
        <span className={`badge badge--${s.tone}`}>{s.text}</span>
      </header>
      <ul className="bet__legs">
        {bet.legs.map((leg) => (
          <li className="leg" key={leg.selectionId}>
            <div className="leg__main">
              <span className="leg__pick">
                {leg.marketLabel} · {leg.outcomeLabel}
              </span>
              <b className="leg__odds">
                @{oddsText(leg.oddsMilli, kindOfSelection(leg.selectionId), oddsType)}
              </b>
            </div>
            <div className="leg__sub">
              <span>{leg.eventName}</span>
              {(parlay || ended) && (
                <span className={`leg__result leg__result--${leg.result}`}>
                  {RESULT_NAMES[leg.result] ?? leg.result}
                </span>
              )}
            </div>
          </li>
        ))}
      </ul>
      <dl className="bet__facts">
        <div>
          <dt>投注额</dt>
          <dd>{money(bet.stake)}</dd>
        </div>
        {ended && bet.payout !== null ? (
          <div>
            <dt>派彩</dt>
            <dd className={Number(bet.payout) > 0 ? 'bet__win' : ''}>{money(bet.payout)}</dd>
          </div>
        ) : (
          <div>
            <dt>可赢</dt>
            <dd>{winOf(bet)}</dd>
          </div>
        )}
        <div className="bet__wide">
          <dt>下注时间</dt>
          <dd>{dateTimeOf(bet.placedAt)}</dd>
        </div>
        {bet.settledAt !== null && (
          <div className="bet__wide">
            <dt>结算时间</dt>
            <dd>{dateTimeOf(bet.settledAt)}</dd>
          </div>
        )}
      </dl>
      {bet.status === 'refused' && bet.refuseCode !== null && (
        <p className="bet__note">{messageFor(bet.refuseCode)}，本金已退回</p>
      )}
      <footer className="bet__id">
        注单号 <span className="bet__number">{bet.betId}</span>
        <button
          type="button"
          className="icon-btn icon-btn--small"
          aria-label="复制注单号"
          onClick={() =>
            void copyText(bet.betId).then((ok) =>
              toast(ok ? '注单号已复制' : '复制失败，请长按选择'),
            )
          }
        >
          <CopyIcon /> 复制
        </button>
      </footer>
    </article>
  );
}

/** 我的注单: 未结算 / 已结算 with each leg's result, the payout, times and a copyable number. */
export function BetsPage({ oddsType, active }: { oddsType: OddsType; active: boolean }) {
  const [settled, setSettled] = useState(false);
  const [state, setState] = useState<State>({ kind: 'loading' });
  const revision = useStore(betsRevision);
  const load = useCallback(
    (quiet: boolean) => {
      if (!quiet) setState({ kind: 'loading' });
      venueApi.bets(settled).then(
        (r) => {
          setState({ kind: 'ready', bets: r.bets });
          if (!settled) trackOpenBets(r.bets.map((b) => b.betId));
        },
        (err: unknown) => {
          if (!quiet)
            setState({
              kind: 'error',
              message: err instanceof ApiError ? err.message : String(err),
            });
        },
      );
    },
    [settled],
  );
  // The first load of a tab shows skeletons; later ones (a bet placed or settled, coming back
  // to the page) refresh in place.
  const shownFor = useRef<boolean | null>(null);
  useEffect(() => {
    if (!active) return;
    load(shownFor.current === settled);
    shownFor.current = settled;
  }, [active, load, revision, settled]);
  return (
    <div className="bets">
      <header className="bar">
        <h1 className="bar__title">我的注单</h1>
      </header>
      <div className="segment" role="group" aria-label="注单状态">
        {[false, true].map((v) => (
          <button
            type="button"
            key={String(v)}
            className={`segment__item${v === settled ? ' segment__item--on' : ''}`}
            aria-pressed={v === settled}
            onClick={() => setSettled(v)}
          >
            {v ? '已结算' : '未结算'}
          </button>
        ))}
      </div>
      {state.kind === 'loading' && <ListSkeleton rows={3} />}
      {state.kind === 'error' && <ErrorState message={state.message} onRetry={() => load(false)} />}
      {state.kind === 'ready' && state.bets.length === 0 && (
        <EmptyState
          title={settled ? '还没有已结算的注单' : '没有未结算的注单'}
          hint={settled ? '比赛结束后注单会在这里结算' : '去赛事列表选择赔率下注吧'}
        />
      )}
      {state.kind === 'ready' &&
        state.bets.map((b) => <BetCard key={b.betId} bet={b} oddsType={oddsType} />)}
    </div>
  );
}
