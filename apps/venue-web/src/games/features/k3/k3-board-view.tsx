import type { Paytable } from '@nebula/protocol/venue/games/k3-paytable';
import { oddsText } from '../rules/rtp';
import { boardOf, K3_PLAYS, playOdds, type K3Play } from './k3-board';

/** 玩法 tabs (scrolling sideways) and the number board: round 44 px cells with their odds. */
export function K3BoardView({
  table,
  play,
  chosen,
  disabled,
  onPlay,
  onToggle,
}: {
  table: Paytable;
  play: K3Play;
  chosen: readonly string[];
  disabled: boolean;
  onPlay: (p: K3Play) => void;
  onToggle: (key: string) => void;
}) {
  const cells = boardOf(table, play);
  const shared = playOdds(table, play);
  const wide = cells.length <= 4;
  return (
    <section className="k3-board" aria-label="选号">
      <div className="chips k3-board__plays" role="tablist" aria-label="玩法">
        {K3_PLAYS.map((p) => (
          <button
            type="button"
            role="tab"
            key={p.id}
            aria-selected={p.id === play}
            className={`chip${p.id === play ? ' chip--on' : ''}`}
            onClick={() => onPlay(p.id)}
          >
            {p.name}
          </button>
        ))}
      </div>
      <p className="k3-board__hint">
        {hintOf(play)}
        {shared !== null && <span className="k3-board__odds"> 赔率 {oddsText(shared)}</span>}
      </p>
      <div className={`k3-board__grid${wide ? ' k3-board__grid--wide' : ''}`}>
        {cells.map((c) => {
          const on = chosen.includes(c.key);
          return (
            <button
              type="button"
              key={c.key || 'all'}
              className={`ball${on ? ' ball--on' : ''}${wide ? ' ball--wide' : ''}`}
              aria-pressed={on}
              data-pick={c.key}
              disabled={disabled}
              onClick={() => onToggle(c.key)}
            >
              <span className="ball__label">{c.label}</span>
              {c.oddsMilli !== null && <span className="ball__odds">{oddsText(c.oddsMilli)}</span>}
              {c.hint && <span className="ball__hint">{c.hint}</span>}
            </button>
          );
        })}
      </div>
    </section>
  );
}

function hintOf(play: K3Play): string {
  switch (play) {
    case 'sum':
      return '猜三个骰子的点数之和，每个和值一注';
    case 'bsoe':
      return '大 11–17，小 4–10，单双看和值；三同号（豹子）不中';
    case 'triple_single':
      return '猜三个相同号码（如 444）';
    case 'triple_any':
      return '开出任意三同号即中';
    case 'pair_multi':
      return '开出的号码含两个指定号码即中（含三同号）';
    case 'two_distinct':
      return '至少选 2 个号码，开出其中两个即中；每两个号码一注';
    case 'three_distinct':
      return '至少选 3 个号码，三个骰子各不相同且正好是所选的三个；每三个号码一注';
    case 'straight_any':
      return '开出 123、234、345、456 任一即中';
  }
}
