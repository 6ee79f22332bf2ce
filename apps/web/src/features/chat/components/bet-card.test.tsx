import type { SharedBetCardMessage } from '@nebula/protocol/ws/messages';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BetCard } from './bet-card';

const card = (selectionId: string, match: string): SharedBetCardMessage => ({
  id: 1,
  roomId: 1,
  betId: 'B1',
  venueCode: 'X',
  venueName: '场馆',
  kind: 'single',
  status: 'open',
  legs: [
    {
      matchId: 'm',
      selectionId,
      match,
      market: '大小',
      selection: '大',
      oddsMilli: 1960,
      result: 'open',
    },
  ],
  stake: '100.00',
  oddsMilli: 1960,
  potentialWin: '96.00',
  sender: { memberId: 2, nickname: '分享者', vipLevel: 0, avatar: '', staff: false },
  time: Date.now(),
});

describe('a shared bet card', () => {
  it('offers 跟投 on an open sportsbook bet', () => {
    render(
      <ul>
        <BetCard card={card('E1:ft:ou:250:over', '上海 vs 北京')} own={false} onFollow={() => {}} />
      </ul>,
    );
    expect(screen.getByRole('button', { name: '跟投' })).toBeTruthy();
    expect(screen.getByText(/单关/)).toBeTruthy();
  });

  it('shows a game bet as a game card, its paytable odds as they are, with no 跟投', () => {
    const { container } = render(
      <ul>
        <BetCard
          card={card('g:JSK3:20261126001:big:big', '极速快3 第20261126001期')}
          own={false}
          onFollow={() => {}}
        />
      </ul>,
    );
    expect(screen.queryByRole('button', { name: '跟投' })).toBeNull();
    expect(screen.getByText(/游戏注单/)).toBeTruthy();
    expect(container.querySelector('.nb-betcard--game')).not.toBeNull();
    expect(screen.getAllByText(/1\.96/).length).toBeGreaterThan(0);
  });
});
