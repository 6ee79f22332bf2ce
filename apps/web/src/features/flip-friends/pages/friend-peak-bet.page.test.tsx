import type { FriendPeakBetView, PeakBetFriend } from '@nebula/protocol';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../app/query-client';
import { api } from '../../../client/api';
import { resetSessionStore, useSessionStore } from '../../../session/session.store';
import { FriendPeakBetPage } from './friend-peak-bet.page';

const DAY = 86_400_000;
const now = Date.now();

const friend = (over: Partial<PeakBetFriend>): PeakBetFriend => ({
  friendId: 7,
  name: 'fr***d',
  registeredAt: now - 40 * DAY,
  closesAt: now - 10 * DAY,
  bestStake: '1200.00',
  reward: '88.00',
  status: 'open',
  ...over,
});

/** The page's answer from the server: a running activity, an eligible inviter, as overridden. */
const answer = (over: Partial<FriendPeakBetView>): FriendPeakBetView => ({
  activity: { id: 3, title: '好友最高投注', startsAt: now - 60 * DAY, endsAt: now + DAY },
  rule: { days: 30, tiers: [{ minStake: '1000.00', reward: '88.00' }], turnoverMultiple: 0 },
  eligibility: { eligible: true, reason: null, endsAt: null },
  friends: [],
  paidTotal: '0.00',
  state: 'running',
  ...over,
});

function show(view: FriendPeakBetView) {
  vi.spyOn(api, 'call').mockImplementation((name: string) =>
    name === 'friendPeakBetView' ? Promise.resolve(view) : Promise.resolve({}),
  );
  const path = '/activity/friendPeakBet';
  const router = createMemoryRouter([{ path, Component: FriendPeakBetPage }], {
    initialEntries: [path],
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

beforeEach(() => useSessionStore.setState({ token: 'session-token' }));
afterEach(() => {
  vi.restoreAllMocks();
  resetSessionStore();
});

describe('好友最高投注: the inviter’s real state, never 统计中 for ever', () => {
  it('a self-excluded inviter: 不符合条件, the friend’s reward too', async () => {
    show(
      answer({
        eligibility: { eligible: false, reason: 'playBreak', endsAt: null },
        friends: [friend({ status: 'ineligible' })],
        state: 'ineligible',
      }),
    );
    expect((await screen.findByTestId('peak-state')).textContent).toBe(
      '不符合条件：暂不能获得邀请奖励',
    );
    const row = screen.getByTestId('peak-friends');
    expect(row.textContent).toContain('不符合条件');
    expect(row.textContent).not.toContain('统计中');
  });

  it('no invited friend yet: 暂无邀请好友', async () => {
    show(answer({ state: 'noFriends' }));
    expect((await screen.findByTestId('peak-state')).textContent).toBe('暂无邀请好友');
    expect(screen.getByTestId('peak-empty').textContent).toBe('暂无邀请好友');
  });

  it('the activity ended with nothing to come: 活动已结束', async () => {
    show(
      answer({
        activity: { id: 3, title: '好友最高投注', startsAt: now - 90 * DAY, endsAt: now - DAY },
        friends: [friend({ status: 'paid' })],
        paidTotal: '88.00',
        state: 'ended',
      }),
    );
    expect((await screen.findByTestId('peak-state')).textContent).toBe('活动已结束');
    expect(screen.getByTestId('peak-friends').textContent).toContain('已发放');
  });

  it('while it runs: counting friends say 统计中, closed ones 待发放, and no notice', async () => {
    show(
      answer({
        friends: [
          friend({ friendId: 1, closesAt: now + 5 * DAY, status: 'open' }),
          friend({ friendId: 2, status: 'due' }),
        ],
      }),
    );
    const table = await screen.findByTestId('peak-friends');
    expect(table.textContent).toContain('统计中');
    expect(table.textContent).toContain('待发放');
    expect(screen.queryByTestId('peak-state')).toBeNull();
  });
});
