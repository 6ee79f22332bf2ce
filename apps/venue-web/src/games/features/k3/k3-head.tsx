import type { GameView, RoundView } from '@nebula/protocol/venue/games/games';
import { OutcomeRow, OutcomeSummary } from '../../components/outcome';
import type { ClockState } from '../../components/round-clock';

/**
 * The top of a lottery bet page (快3, PK10, 时时彩): the countdown to the seal is the largest thing on it (red in the last
 * 10 s, 已封盘 with the next 期号 after: design "House games"), the last result under it.
 */
export function K3Head({
  game,
  clock,
  last,
  drawing,
  onResults,
}: {
  game: GameView;
  clock: ClockState;
  last: RoundView | undefined;
  /** The draw animation is playing this result: the line waits for it to land. */
  drawing: boolean;
  onResults: () => void;
}) {
  return (
    <section className="k3-head">
      <div className="k3-head__clock" data-clock={clock.kind}>
        {clock.kind === 'open' && (
          <>
            <span className="k3-head__round">
              第 <b data-round={clock.roundNo}>{clock.roundNo}</b> 期 · 距封盘
            </span>
            <span
              className={`k3-head__left${clock.urgent ? ' k3-head__left--urgent' : ''}`}
              role="timer"
            >
              {clock.left}
            </span>
          </>
        )}
        {clock.kind === 'sealed' && (
          <>
            <span className="k3-head__round">
              第 <b data-round={clock.roundNo}>{clock.roundNo}</b> 期 · 开奖倒计时 {clock.left}
            </span>
            <span className="k3-head__left k3-head__left--sealed">已封盘</span>
            <span className="k3-head__next">下一期 {clock.nextRoundNo}</span>
          </>
        )}
        {clock.kind === 'waiting' && (
          <>
            <span className="k3-head__round">
              {clock.nextRoundNo ? `下一期 ${clock.nextRoundNo}` : game.name}
            </span>
            <span className="k3-head__left k3-head__left--sealed">等待开盘</span>
          </>
        )}
        {clock.kind === 'closed' && (
          <span className="k3-head__left k3-head__left--sealed">暂停销售</span>
        )}
      </div>
      <button
        type="button"
        className="k3-head__last"
        onClick={onResults}
        aria-label="开奖记录"
        data-last={last?.roundNo ?? ''}
      >
        {drawing && last ? (
          <span className="k3-head__lastno">第 {last.roundNo} 期 开奖中…</span>
        ) : last?.outcome ? (
          <>
            <span className="k3-head__lastno">第 {last.roundNo} 期</span>
            <OutcomeRow gameCode={game.gameCode} outcome={last.outcome} size={26} />
            {last.voided ? (
              <span className="badge badge--void">作废</span>
            ) : (
              <span className="k3-head__sum">
                <OutcomeSummary gameCode={game.gameCode} outcome={last.outcome} />
              </span>
            )}
          </>
        ) : (
          <span className="k3-head__lastno">暂无开奖</span>
        )}
        <span className="k3-head__more">开奖记录 ›</span>
      </button>
    </section>
  );
}
