import type { GameView, RoundView } from '@nebula/protocol/venue/games/games';
import { EmptyState, ErrorState, ListSkeleton } from '../../../components/states';
import { useStore } from '../../../lib/store';
import { OutcomeRow, OutcomeSummary } from '../../components/outcome';
import { clockOf } from '../../components/round-clock';
import { gamesStore, refreshGames } from '../../lib/games-store';
import { go } from '../../lib/route';
import { useServerNow } from '../../lib/use-server-now';

function LastResult({ round }: { round: RoundView | undefined }) {
  if (!round || !round.outcome)
    return <span className="lobby__last lobby__last--none">暂无开奖</span>;
  return (
    <span className="lobby__last">
      <span className="lobby__no">第 {round.roundNo} 期</span>
      <OutcomeRow gameCode={round.gameCode} outcome={round.outcome} size={22} />
      {round.voided ? (
        <span className="badge badge--void">作废</span>
      ) : (
        <span className="lobby__sum">
          <OutcomeSummary gameCode={round.gameCode} outcome={round.outcome} />
        </span>
      )}
    </span>
  );
}

function GameCard({
  game,
  last,
  now,
}: {
  game: GameView;
  last: RoundView | undefined;
  now: number;
}) {
  const c = clockOf(game, now);
  return (
    <li className="lobby__card" data-game={game.gameCode}>
      <button
        type="button"
        className="lobby__open"
        onClick={() => go({ page: 'play', game: game.gameCode })}
      >
        <span className="lobby__head">
          <span className="lobby__name">{game.name}</span>
          <span className={`badge ${game.status === 'open' ? 'badge--open' : 'badge--void'}`}>
            {game.status === 'open' ? '销售中' : '暂停销售'}
          </span>
        </span>
        <span className="lobby__clock" data-clock={c.kind}>
          {c.kind === 'open' && (
            <>
              第 {c.roundNo} 期 · 距封盘{' '}
              <b className={`lobby__left${c.urgent ? ' lobby__left--urgent' : ''}`}>{c.left}</b>
            </>
          )}
          {c.kind === 'sealed' && (
            <>
              第 {c.roundNo} 期 已封盘 · 下期 {c.nextRoundNo}
            </>
          )}
          {c.kind === 'waiting' && <>等待下一期开盘</>}
          {c.kind === 'closed' && <>暂停销售</>}
        </span>
        <LastResult round={last} />
        <span className="lobby__every">每 {game.roundSeconds} 秒一期 · 进入</span>
      </button>
    </li>
  );
}

/** 购彩大厅: the family's games with their status, the countdown to the seal and the last result. */
export function LobbyPage({ family }: { family: string | null }) {
  const s = useStore(gamesStore);
  const now = useServerNow();
  if (s.games === null) {
    return s.error ? (
      <ErrorState message={s.error} onRetry={() => void refreshGames()} />
    ) : (
      <ListSkeleton rows={3} />
    );
  }
  const games = s.games.filter((g) => family === null || g.family === family);
  if (games.length === 0) return <EmptyState title="暂无游戏" hint="该分类的游戏即将上线" />;
  return (
    <section className="lobby" aria-label="游戏大厅">
      <h2 className="lobby__title">游戏大厅</h2>
      <ul className="lobby__list">
        {games.map((g) => (
          <GameCard key={g.gameCode} game={g} last={s.last[g.gameCode]} now={now} />
        ))}
      </ul>
      <p className="lobby__note">开奖结果由公开的哈希链决定，每期均可在「验证」中复算。</p>
    </section>
  );
}
