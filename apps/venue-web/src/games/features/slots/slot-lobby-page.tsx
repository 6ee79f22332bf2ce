import { useEffect } from 'react';
import type { SlotGameView } from '@nebula/protocol/venue/games/slots-api';
import { EmptyState, ErrorState, ListSkeleton } from '../../../components/states';
import { useStore } from '../../../lib/store';
import { go } from '../../lib/route';
import { useSlotSpread } from '../../lib/slot-spread';
import { loadSlotGames, slotsStore } from '../../lib/slots-store';
import { SlotEmblem } from './slot-art';

/** A share as a percentage with two decimals (0.96237 → "96.24%"). */
export const percent = (x: number): string => `${(x * 100).toFixed(2)}%`;
/** "every 2.02 spins" for a probability per spin. */
export const every = (p: number): string => (p > 0 ? (1 / p).toFixed(2) : '—');

function SlotCard({ game }: { game: SlotGameView }) {
  const f = game.figures;
  const spread = useSlotSpread(game.parSheetUrl);
  return (
    <li className="lobby__card slot-card" data-game={game.gameCode}>
      <button
        type="button"
        className="lobby__open"
        onClick={() => go({ page: 'play', game: game.gameCode })}
      >
        <SlotEmblem gameCode={game.gameCode} />
        <span className="slot-card__body">
          <span className="lobby__head">
            <span className="lobby__name">{game.name}</span>
            <span className={`badge ${game.status === 'open' ? 'badge--open' : 'badge--void'}`}>
              {game.status === 'open' ? '可游戏' : '暂停'}
            </span>
          </span>
          <span className="slot-card__figures">
            返还率 <b data-rtp>{percent(f.rtp)}</b> · 每 <b data-hit>{every(f.hitFrequency)}</b>{' '}
            次中奖一次 · 免费旋转每 {every(f.featureFrequency)} 次一次 · 波动指数{' '}
            <b data-vi>{spread ? spread.volatilityIndex.toFixed(2) : '计算中'}</b>
          </span>
          <span className="lobby__every">
            {game.lineCount} 线 · 最高 {game.maxWinMultiple.toLocaleString('zh-CN')} 倍 ·{' '}
            {game.freeMultiplier > 1 ? `免费旋转 ×${game.freeMultiplier} · ` : ''}进入
          </span>
        </span>
      </button>
    </li>
  );
}

/**
 * 电子 lobby: the venue's slot games with their exact return (the par sheet calculator's, as the
 * venue serves it; docs/contract.md §10.13) and how often they pay, so a member sees which game
 * pays often and small and which rarely and big before picking one.
 */
export function SlotLobbyPage() {
  const s = useStore(slotsStore);
  useEffect(() => void loadSlotGames(), []);
  if (s.games === null) {
    return s.error ? (
      <ErrorState message={s.error} onRetry={() => void loadSlotGames(true)} />
    ) : (
      <ListSkeleton rows={3} />
    );
  }
  if (s.games.length === 0) return <EmptyState title="暂无游戏" hint="电子游戏即将上线" />;
  return (
    <section className="lobby" aria-label="游戏大厅">
      <h2 className="lobby__title">电子游戏</h2>
      <ul className="lobby__list">
        {s.games.map((g) => (
          <SlotCard key={g.gameCode} game={g} />
        ))}
      </ul>
      <p className="lobby__note">
        每次转动由你的种子对决定，可在「验证」中复算；返还率由规则表精确计算，不随输赢调整。
      </p>
    </section>
  );
}
