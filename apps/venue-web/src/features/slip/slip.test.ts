import { afterEach, describe, expect, it } from 'vitest';
import { balanceStore, metaStore } from '../../store/account-store';
import { eventsStore } from '../../store/events-store';
import {
  clearSlip,
  policyTakes,
  setItemStake,
  setMode,
  setParlayStake,
  setPolicy,
  slipStore,
  type SlipItem,
} from '../../store/slip-store';
import { plannedBets, slipProblem } from './place';
import { combinedMilli, maxStakeFen, returnFen } from './slip-math';

const limits = { minStake: '10.00', maxStake: '5000.00', maxPayout: '20000.00' };

const item = (eventId: string, acceptedMilli: number, stake = ''): SlipItem => ({
  selectionId: `${eventId}:ft:1x2:home`,
  eventId,
  sport: 'football',
  home: '主队',
  away: '客队',
  league: '联赛',
  period: 'ft',
  kind: '1x2',
  line100: null,
  outcome: 'home',
  acceptedMilli,
  offeredMilli: null,
  stake,
});

function live(eventId: string, oddsMilli: number | null) {
  eventsStore.put(
    {
      eventId,
      sport: 'football',
      leagueId: 'l',
      league: '联赛',
      home: '主队',
      away: '客队',
      startsAt: 0,
      status: 'live',
      clock: "10'",
      score: { home: 0, away: 0 },
      halfTime: null,
      suspended: oddsMilli === null,
      version: Date.now(),
      markets: [
        {
          marketId: `${eventId}:ft:1x2`,
          period: 'ft',
          kind: '1x2',
          line100: null,
          label: '独赢',
          suspended: false,
          selections: ['home', 'away'].map((outcome) => ({
            selectionId: `${eventId}:ft:1x2:${outcome}`,
            outcome,
            label: outcome,
            oddsMilli: oddsMilli ?? 2000,
          })),
        },
      ],
    },
    true,
  );
}

afterEach(() => clearSlip());

describe('the slip', () => {
  it('asks about a price that moved against the policy before anything else', () => {
    live('e1', 1900);
    slipStore.set((s) => ({ ...s, items: [item('e1', 2000)] }));
    setPolicy('better');
    expect(slipProblem(slipStore.get())).toMatchObject({ action: 'acceptPrices' });
    setPolicy('any');
    expect(slipProblem(slipStore.get())).toMatchObject({ text: '请输入投注金额' });
    expect(policyTakes('better', 2000, 2100)).toBe(true);
    expect(policyTakes('none', 2000, 2100)).toBe(false);
  });

  it('refuses a parlay of one match twice or of one leg, and a suspended selection', () => {
    live('e2', 2000);
    live('e3', null);
    slipStore.set((s) => ({ ...s, items: [item('e2', 2000)], policy: 'none' }));
    setMode('parlay');
    setParlayStake('10');
    expect(slipProblem(slipStore.get())?.text).toBe('串关至少需要 2 场赛事');
    slipStore.set((s) => ({
      ...s,
      items: [...s.items, { ...item('e2', 2000), selectionId: 'e2:ft:1x2:away' }],
    }));
    expect(slipProblem(slipStore.get())?.text).toBe('同一场赛事的选项不能串关');
    slipStore.set((s) => ({ ...s, items: [item('e2', 2000), item('e3', 2000)] }));
    expect(slipProblem(slipStore.get())?.text).toBe('有选项暂停投注，请稍候');
  });

  it('holds stakes to the limits and the balance, and plans one bet per staked single', () => {
    metaStore.set({ limits, leagues: [] });
    balanceStore.set({ balance: '100.00', debt: '0.00', loading: false, error: null });
    live('e4', 2000);
    live('e5', 3000);
    slipStore.set((s) => ({ ...s, items: [item('e4', 2000), item('e5', 3000)], policy: 'none' }));
    setItemStake('e4:ft:1x2:home', '5');
    expect(slipProblem(slipStore.get())).toMatchObject({ action: 'useStake', stake: '10.00' });
    setItemStake('e4:ft:1x2:home', '60');
    setItemStake('e5:ft:1x2:home', '50');
    expect(slipProblem(slipStore.get())).toMatchObject({ action: 'transfer' });
    setItemStake('e5:ft:1x2:home', '');
    expect(slipProblem(slipStore.get())).toBeNull();
    expect(plannedBets(slipStore.get()).map((b) => b.stake)).toEqual(['60']);
  });
});

describe('slip arithmetic', () => {
  it('returns what the venue pays, rounded down to the fen', () => {
    expect(returnFen(10_000n, [1950])).toBe(19_500n);
    expect(returnFen(1_001n, [1955, 2105])).toBe(4_119n);
    expect(combinedMilli([2000, 1500])).toBe(3000);
  });

  it('MAX stays within the stake limit, the payout limit and the balance, in whole yuan', () => {
    expect(maxStakeFen([2000], limits, 1_000_000n)).toBe(500_000n);
    // Win = stake × (odds − 1) ≤ 20,000: at 11.00 that is 2,000.
    expect(maxStakeFen([11_000], limits, 1_000_000n)).toBe(200_000n);
    expect(maxStakeFen([2000], limits, 12_345n)).toBe(12_300n);
    expect(maxStakeFen([2000], limits, -5n)).toBe(0n);
  });
});
