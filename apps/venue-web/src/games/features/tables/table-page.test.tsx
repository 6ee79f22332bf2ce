import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { TableHandView, TableView } from '@nebula/protocol/venue/games/tables-api';
import { syncServerTime } from '../../lib/server-clock';
import { tablesStore } from '../../lib/tables-store';
import { TablePage } from './table-page';
import { ToastHost } from '../../../components/toast';

const NOW = 1_790_000_000_000;
const hand = (roundNo: string, handNo: number, winner: TableHandView['winner']): TableHandView => ({
  roundNo,
  handNo,
  winner,
  bankerPair: false,
  playerPair: false,
  natural: false,
  bankerTotal: 7,
  playerTotal: 5,
  cards: [
    { position: 10 + handNo * 4, card: 4, rank: 5, suit: 0, side: 'player' },
    { position: 11 + handNo * 4, card: 6, rank: 7, suit: 0, side: 'banker' },
  ],
});

/** 经典百家乐 mid-shoe, betting open with 10 s left and other members' chips on 庄. */
function table(over: Partial<TableView['round'] & object> = {}): TableView {
  return {
    code: 'BAC1',
    name: '经典百家乐',
    kind: 'baccarat',
    noCommission: false,
    bettingSeconds: 25,
    status: 'open',
    limits: {
      zones: [
        { zone: 'banker', min: '10.00', max: '50000.00' },
        { zone: 'player', min: '10.00', max: '50000.00' },
        { zone: 'tie', min: '10.00', max: '5000.00' },
        { zone: 'banker_pair', min: '10.00', max: '5000.00' },
        { zone: 'player_pair', min: '10.00', max: '5000.00' },
      ],
      maxPerRound: '100000.00',
      chips: ['10.00', '50.00', '100.00'],
    },
    shoe: {
      shoeNo: '3',
      chainId: 'BAC1-1',
      chainIndex: 3,
      commitment: 'a'.repeat(64),
      merkleRoot: 'b'.repeat(64),
      startedAt: NOW - 60_000,
      endedAt: null,
      burnCard: 4,
      cardsUsed: 22,
      cardsLeft: 394,
      seed: null,
    },
    round: {
      roundNo: '31',
      shoeNo: '3',
      handNo: 3,
      state: 'betting',
      opensAt: NOW - 15_000,
      bettingEndsAt: NOW + 10_000,
      zoneTotals: [{ zone: 'banker', amount: '300.00' }],
      hand: null,
      ...over,
    },
    counts: { hands: 2, banker: 1, player: 1, tie: 0, bankerPair: 0, playerPair: 0 },
    hands: [hand('29', 1, 'banker'), hand('30', 2, 'player')],
  };
}

const show = (t: TableView) => {
  syncServerTime(NOW, performance.now(), performance.now());
  act(() => tablesStore.set({ tables: [t], error: null }));
};
const zone = (z: string) => document.querySelector(`.zone[data-zone="${z}"]`) as HTMLElement;

describe('the table page', () => {
  afterEach(() => act(() => tablesStore.set({ tables: null, error: null })));

  it('joining mid-round shows the round as it stands: countdown, totals, last hand, roads', () => {
    show(table());
    render(<TablePage tableCode="BAC1" />);
    expect(screen.getByText('电子发牌，无真人荷官')).toBeTruthy();
    expect(
      document.querySelector('[data-clock="betting"] [data-left]')!.getAttribute('data-left'),
    ).toBe('10');
    expect(
      zone('banker').querySelector('[data-table-total]')!.getAttribute('data-table-total'),
    ).toBe('300.00');
    // The shoe's last hand stays on show, whole (the page did not see it before its deal).
    const deal = document.querySelector('.deal[data-round="30"]')!;
    expect(deal.getAttribute('data-done')).toBe('true');
    expect(document.querySelectorAll('[data-road="big"] [data-cell]')).toHaveLength(2);
    expect(document.querySelector('[data-merkle-root]')!.textContent).toBe('b'.repeat(64));
    expect(document.querySelector('[data-cards-used]')!.textContent).toBe('22');
  });

  it('puts the chosen chip on a zone, undoes it, and tells 庄 and 闲 together apart', async () => {
    show(table());
    render(
      <>
        <TablePage tableCode="BAC1" />
        <ToastHost />
      </>,
    );
    fireEvent.click(screen.getByRole('radio', { name: '50' }));
    fireEvent.click(zone('banker'));
    fireEvent.click(zone('banker'));
    expect(zone('banker').querySelector('[data-mine]')!.getAttribute('data-mine')).toBe('100.00');
    expect(screen.getByRole('button', { name: '确认 ¥100.00' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '撤销' }));
    expect(zone('banker').querySelector('[data-mine]')!.getAttribute('data-mine')).toBe('50.00');
    fireEvent.click(zone('player'));
    fireEvent.click(screen.getByRole('button', { name: '确认 ¥100.00' }));
    // Refused on the page: nothing is sent and the chips stay on the felt.
    expect(await screen.findByText('同一局不能同时投注「庄」和「闲」')).toBeTruthy();
    expect(zone('player').querySelector('[data-draft]')!.getAttribute('data-draft')).toBe('50.00');
  });

  it('deals a round it saw open card by card, and adds it to the roads after the last card', () => {
    show(table());
    render(<TablePage tableCode="BAC1" />);
    const dealt = hand('31', 3, 'tie');
    show({
      ...table({ state: 'settled', hand: dealt }),
      hands: [...table().hands, dealt],
    });
    const deal = document.querySelector('.deal[data-round="31"]')!;
    expect(deal.getAttribute('data-done')).toBe('false');
    const cells = () => document.querySelectorAll('[data-road="bead"] [data-cell]').length;
    expect(cells()).toBe(2);
    fireEvent.click(screen.getByRole('button', { name: '跳过' }));
    expect(deal.getAttribute('data-done')).toBe('true');
    expect(cells()).toBe(3);
  });

  it('takes no chips once the round is sealed', () => {
    show(table({ state: 'sealed', bettingEndsAt: NOW - 1000 }));
    render(<TablePage tableCode="BAC1" />);
    expect(document.querySelector('[data-clock="sealed"]')).not.toBeNull();
    expect((zone('banker') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('button', { name: '已封盘' })).toBeTruthy();
  });
});
