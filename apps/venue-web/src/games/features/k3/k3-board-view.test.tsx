import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { K3_PAYTABLE_V1 } from '@nebula/protocol/venue/games/k3-paytable';
import { countOf, quickPick, toggle, type K3Play } from './k3-board';
import { K3BoardView } from './k3-board-view';

/** The board as the bet page holds it: the play, the cells chosen and 注数. */
function Board({ random }: { random: () => number }) {
  const [play, setPlay] = useState<K3Play>('sum');
  const [chosen, setChosen] = useState<string[]>([]);
  return (
    <>
      <K3BoardView
        table={K3_PAYTABLE_V1}
        play={play}
        chosen={chosen}
        disabled={false}
        onPlay={(p) => {
          setPlay(p);
          setChosen([]);
        }}
        onToggle={(k) => setChosen((c) => toggle(c, k))}
      />
      <output aria-label="注数">{countOf(play, chosen)}</output>
      <button type="button" onClick={() => setChosen(quickPick(K3_PAYTABLE_V1, play, random))}>
        机选
      </button>
    </>
  );
}

const count = () => screen.getByLabelText('注数').textContent;

describe('the pick board', () => {
  it('shows each 和值 with its odds and counts the cells tapped', () => {
    render(<Board random={() => 0.5} />);
    const ten = screen.getByRole('button', { name: /^10\s*7\.75$/ });
    fireEvent.click(ten);
    expect(ten.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: /^3\s*209\.52$/ }));
    expect(count()).toBe('2');
    fireEvent.click(ten);
    expect(count()).toBe('1');
  });

  it('counts 二不同号 as pairs of the digits chosen and clears on a new 玩法', () => {
    render(<Board random={() => 0} />);
    fireEvent.click(screen.getByRole('tab', { name: '二不同号' }));
    expect(screen.getByText(/赔率 6\.98/)).toBeTruthy();
    for (const d of ['1', '3', '5', '6']) fireEvent.click(screen.getByRole('button', { name: d }));
    expect(count()).toBe('6');
    fireEvent.click(screen.getByRole('tab', { name: '三不同号' }));
    expect(count()).toBe('0');
  });

  it('机选 makes one bet of the play', () => {
    render(<Board random={() => 0.99} />);
    fireEvent.click(screen.getByRole('tab', { name: '三不同号' }));
    fireEvent.click(screen.getByRole('button', { name: '机选' }));
    expect(count()).toBe('1');
    const on = screen
      .getAllByRole('button')
      .filter((b) => b.getAttribute('aria-pressed') === 'true');
    expect(on.map((b) => b.textContent)).toEqual(['4', '5', '6']);
  });
});
