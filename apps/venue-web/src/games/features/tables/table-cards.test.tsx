import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TableHandView } from '@nebula/protocol/venue/games/tables-api';
import { DEAL_STEP_MS, DealView } from './table-cards';

/** 闲 A♠ 4♥ (5) against 庄 K♣ 9♦ (9, a natural): dealt P1 B1 P2 B2. */
const hand: TableHandView = {
  roundNo: '12',
  handNo: 3,
  winner: 'banker',
  bankerPair: false,
  playerPair: false,
  natural: true,
  bankerTotal: 9,
  playerTotal: 5,
  cards: [
    { position: 20, card: 0, rank: 1, suit: 0, side: 'player' },
    { position: 21, card: 38, rank: 13, suit: 2, side: 'banker' },
    { position: 22, card: 16, rank: 4, suit: 1, side: 'player' },
    { position: 23, card: 47, rank: 9, suit: 3, side: 'banker' },
  ],
};

const up = (c: HTMLElement) =>
  [...c.querySelectorAll('.tcard[data-up="true"]')].map((e) => e.getAttribute('aria-label'));
const total = (c: HTMLElement, side: string) =>
  c.querySelector(`[data-side="${side}"] [data-total]`)!.textContent;

/** One deal step: the next card turns. */
const step = () => {
  act(() => {
    vi.advanceTimersByTime(DEAL_STEP_MS);
  });
};

describe('the deal', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('turns the cards one by one in dealing order, totals following, then the winner', () => {
    const { container } = render(
      <DealView kind="baccarat" hand={hand} animate>
        <p>派彩</p>
      </DealView>,
    );
    expect(up(container)).toEqual([]);
    expect(total(container, 'player')).toBe('—');
    step();
    expect(up(container)).toEqual(['♠A']);
    expect(total(container, 'player')).toBe('1');
    step();
    step();
    expect(up(container)).toEqual(['♠A', '♥4', '♣K']);
    expect(total(container, 'banker')).toBe('0');
    expect(screen.queryByText('派彩')).toBeNull();
    step();
    expect(total(container, 'banker')).toBe('9');
    expect(container.querySelector('[data-winner]')!.textContent).toBe('庄赢');
    expect(screen.getByText('派彩')).toBeTruthy();
  });

  it('跳过 turns the rest at once; a member arriving after the deal sees it whole', () => {
    const { container, unmount } = render(<DealView kind="baccarat" hand={hand} animate />);
    fireEvent.click(screen.getByRole('button', { name: '跳过' }));
    expect(up(container)).toHaveLength(4);
    unmount();
    const late = render(<DealView kind="baccarat" hand={hand} animate={false} />);
    expect(up(late.container)).toHaveLength(4);
    expect(late.container.querySelector('[data-done]')!.getAttribute('data-done')).toBe('true');
  });

  it('龙虎 shows each side’s rank', () => {
    const dt: TableHandView = {
      ...hand,
      winner: 'tiger',
      cards: [
        { position: 5, card: 4, rank: 5, suit: 0, side: 'dragon' },
        { position: 6, card: 11, rank: 12, suit: 0, side: 'tiger' },
      ],
    };
    const { container } = render(<DealView kind="dragon_tiger" hand={dt} animate={false} />);
    expect(total(container, 'dragon')).toBe('5');
    expect(total(container, 'tiger')).toBe('12');
    expect(container.querySelector('[data-winner]')!.textContent).toBe('虎赢');
  });
});
