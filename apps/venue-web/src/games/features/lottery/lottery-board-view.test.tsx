import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PK10_PAYTABLE_V1 } from '@nebula/protocol/venue/games/pk10-paytable';
import { SSC_PAYTABLE_V1 } from '@nebula/protocol/venue/games/ssc-paytable';
import { lotteryBets, type LotteryBoard } from './lottery-board';
import { LotteryBoardView } from './lottery-board-view';
import { pk10Board } from './pk10-board';
import { sscBoard } from './ssc-board';

/** The board as the bet page holds it: the play, the cells chosen and 注数. */
function Board({ board }: { board: LotteryBoard }) {
  const [play, setPlay] = useState(board.plays[0]!.id);
  const [chosen, setChosen] = useState<string[]>([]);
  return (
    <>
      <LotteryBoardView
        board={board}
        play={play}
        chosen={chosen}
        disabled={false}
        onPlay={(p) => {
          setPlay(p);
          setChosen([]);
        }}
        onToggle={(k) => setChosen((c) => (c.includes(k) ? c.filter((x) => x !== k) : [...c, k]))}
      />
      <output aria-label="注数">{lotteryBets(board, play, chosen).length}</output>
    </>
  );
}

const count = () => screen.getByLabelText('注数').textContent;

describe('the PK10 and 时时彩 board', () => {
  it('PK10 定位胆: a position’s cars, the shared odds beside the hint, one 注 a car', () => {
    render(<Board board={pk10Board(PK10_PAYTABLE_V1)} />);
    expect(screen.getByRole('tab', { name: '定位胆' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByText(/赔率 9\.70/)).toBeTruthy();
    const seven = screen.getByRole('button', { name: '冠军 7' });
    fireEvent.click(seven);
    fireEvent.click(screen.getByRole('button', { name: '亚军 3' }));
    expect(seven.getAttribute('aria-pressed')).toBe('true');
    expect(count()).toBe('2');
    fireEvent.click(seven);
    expect(count()).toBe('1');
  });

  it('PK10 冠亚和: each value with its own odds; a new 玩法 clears the choice', () => {
    render(<Board board={pk10Board(PK10_PAYTABLE_V1)} />);
    fireEvent.click(screen.getByRole('button', { name: '冠军 1' }));
    fireEvent.click(screen.getByRole('tab', { name: '冠亚和' }));
    expect(count()).toBe('0');
    const eleven = screen.getByRole('button', { name: '和值 11' });
    expect(eleven.textContent).toContain('8.73');
    fireEvent.click(eleven);
    fireEvent.click(screen.getByRole('button', { name: '大小 大' }));
    expect(count()).toBe('2');
  });

  it('时时彩 前中后三: three groups of five kinds', () => {
    render(<Board board={sscBoard(SSC_PAYTABLE_V1)} />);
    fireEvent.click(screen.getByRole('tab', { name: '前中后三' }));
    expect(screen.getAllByRole('group').map((g) => g.getAttribute('aria-label'))).toEqual([
      '前三',
      '中三',
      '后三',
    ]);
    const leopard = screen.getByRole('button', { name: '后三 豹子' });
    expect(leopard.textContent).toContain('97.00');
    fireEvent.click(leopard);
    expect(count()).toBe('1');
  });
});
