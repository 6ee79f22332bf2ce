import { oddsText } from '../rules/rtp';
import { playOf, type LotteryBoard } from './lottery-board';

/**
 * 玩法 tabs and the board of PK10 and 时时彩: a play's groups (a position's ten numbers, its
 * 大小单双, 冠亚和 values, 前三/中三/后三), each cell one bet. The shared odds stand beside the hint;
 * a cell shows its own only where they differ (冠亚和, 龙虎和, 前中后三).
 */
export function LotteryBoardView({
  board,
  play,
  chosen,
  disabled,
  onPlay,
  onToggle,
}: {
  board: LotteryBoard;
  play: string;
  chosen: readonly string[];
  disabled: boolean;
  onPlay: (p: string) => void;
  onToggle: (key: string) => void;
}) {
  const p = playOf(board, play);
  return (
    <section className="k3-board lot-board" aria-label="选号" data-play={p.id}>
      <div className="chips k3-board__plays" role="tablist" aria-label="玩法">
        {board.plays.map((x) => (
          <button
            type="button"
            role="tab"
            key={x.id}
            aria-selected={x.id === p.id}
            className={`chip${x.id === p.id ? ' chip--on' : ''}`}
            onClick={() => onPlay(x.id)}
          >
            {x.name}
          </button>
        ))}
      </div>
      <p className="k3-board__hint">
        {p.hint}
        {p.oddsMilli !== null && (
          <span className="k3-board__odds"> 赔率 {oddsText(p.oddsMilli)}</span>
        )}
      </p>
      {p.groups.map((g, gi) => (
        <div className="lot-group" key={g.title ?? gi} role="group" aria-label={g.title ?? p.name}>
          {g.title && <span className="lot-group__title">{g.title}</span>}
          <div
            className={`lot-group__cells lot-group__cells--${g.cells.length >= 10 ? 'dense' : 'wide'}`}
          >
            {g.cells.map((c) => {
              const on = chosen.includes(c.key);
              return (
                <button
                  type="button"
                  key={c.key}
                  className={`ball lot-cell${on ? ' ball--on' : ''}`}
                  aria-pressed={on}
                  aria-label={g.title ? `${g.title} ${c.label}` : c.label}
                  data-pick={c.key}
                  disabled={disabled}
                  onClick={() => onToggle(c.key)}
                >
                  <span className="ball__label">{c.label}</span>
                  {c.oddsMilli !== null && (
                    <span className="ball__odds">{oddsText(c.oddsMilli)}</span>
                  )}
                </button>
              );
            })}
          </div>
        </div>
      ))}
    </section>
  );
}
