import type { RoundView } from '@nebula/protocol/venue/games/games';
import { EmptyState, ErrorState, ListSkeleton } from '../../../components/states';
import { dateTimeOf } from '../../../lib/format';
import { useStore } from '../../../lib/store';
import { useLoad } from '../../../lib/use-load';
import { OutcomeRow, OutcomeSummary } from '../../components/outcome';
import { gamesCalls } from '../../lib/games-api';
import { gamesStore } from '../../lib/games-store';
import { go } from '../../lib/route';

function ResultRow({ r }: { r: RoundView }) {
  return (
    <li className={`result${r.voided ? ' result--void' : ''}`} data-round={r.roundNo}>
      <div className="result__top">
        <span className="result__no">
          第 {r.roundNo} 期 <small>链序号 #{r.chainIndex}</small>
        </span>
        <span className="result__time">{dateTimeOf(r.drawAt)}</span>
      </div>
      <div className="result__mid">
        {r.outcome && <OutcomeRow gameCode={r.gameCode} outcome={r.outcome} size={26} />}
        {r.outcome && (
          <span className="result__sum">
            <OutcomeSummary gameCode={r.gameCode} outcome={r.outcome} />
          </span>
        )}
        {r.voided && (
          <span className="badge badge--void" title="作废：按该结果不派彩，本金已退回">
            作废{r.voided === 'missed_seal' ? '（未按时封盘）' : '（运营作废）'}
          </span>
        )}
      </div>
      {r.voided && (
        <p className="result__note">作废期不派彩、退回本金；上面是该期本应开出的结果。</p>
      )}
      <div className="result__seed">
        <span>种子</span>
        <code>{r.seed}</code>
      </div>
      <button
        type="button"
        className="link-btn"
        onClick={() => go({ page: 'verify', game: r.gameCode, roundNo: r.roundNo })}
      >
        验证此期 ›
      </button>
    </li>
  );
}

/** 开奖记录: every drawn and voided round, newest first, with its chain index and revealed seed. */
export function ResultsPage({ gameCode }: { gameCode: string }) {
  // New results arrive every round: the list looks again quietly.
  const { state, reload } = useLoad(`results:${gameCode}`, () => gamesCalls.results(gameCode, 50), {
    refreshMs: 3000,
  });
  const name = useStore(gamesStore).games?.find((g) => g.gameCode === gameCode)?.name ?? gameCode;
  return (
    <section className="results" aria-label="开奖记录">
      <h2 className="page-title">{name} · 开奖记录</h2>
      {state.kind === 'loading' && <ListSkeleton rows={5} />}
      {state.kind === 'error' && <ErrorState message={state.message} onRetry={() => reload()} />}
      {state.kind === 'ready' &&
        (state.data.rounds.length === 0 ? (
          <EmptyState title="暂无开奖记录" hint="第一期开奖后显示在这里" />
        ) : (
          <ul className="results__list">
            {state.data.rounds.map((r) => (
              <ResultRow key={r.roundNo} r={r} />
            ))}
          </ul>
        ))}
    </section>
  );
}
