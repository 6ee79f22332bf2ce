import type { BetView } from '@nebula/protocol/venue/bets';
import type {
  MarketKind,
  OddsChangePolicy,
  Outcome,
  Period,
  Sport,
} from '@nebula/protocol/venue/markets';
import { createStore } from '../lib/store';
import {
  eventsStore,
  type EventState,
  type MarketState,
  type SelectionState,
} from './events-store';

export const SLIP_MAX = 10;

export interface SlipItem {
  selectionId: string;
  eventId: string;
  sport: Sport;
  home: string;
  away: string;
  league: string;
  period: Period;
  kind: MarketKind;
  line100: number | null;
  outcome: Outcome;
  /** The price the member accepted: when added, or when they accepted a change. */
  acceptedMilli: number;
  /** The venue's price when it refused the bet for a change (the socket usually knows sooner). */
  offeredMilli: number | null;
  /** 单关: this selection's stake as typed. */
  stake: string;
}

export type SlipMode = 'single' | 'parlay';

export interface SlipNotice {
  tone: 'error' | 'info' | 'success';
  text: string;
  code?: number;
  /** What the member can do about it from the slip. */
  action?: 'acceptPrices' | 'transfer' | 'useStake';
  /** For `useStake`: the stake the venue would take (8033 / 8034). */
  stake?: string;
}

export type SlipPhase =
  | { kind: 'idle' }
  | { kind: 'placing' }
  /** In play: the venue holds the bets through its acceptance delay (确认中). */
  | { kind: 'confirming'; bets: BetView[] }
  | { kind: 'done'; bets: BetView[] };

export interface SlipState {
  items: SlipItem[];
  mode: SlipMode;
  parlayStake: string;
  policy: OddsChangePolicy;
  open: boolean;
  phase: SlipPhase;
  notice: SlipNotice | null;
}

export const slipStore = createStore<SlipState>({
  items: [],
  mode: 'single',
  parlayStake: '',
  policy: 'better',
  open: false,
  phase: { kind: 'idle' },
  notice: null,
});

const update = (patch: Partial<SlipState> | ((s: SlipState) => Partial<SlipState>)) =>
  slipStore.set((s) => ({ ...s, ...(typeof patch === 'function' ? patch(s) : patch) }));

/** Where a slip selection stands now: its live price, suspended, or no longer offered. */
export type Quote =
  { state: 'open'; oddsMilli: number } | { state: 'suspended' } | { state: 'closed' };

export function quoteOf(
  item: SlipItem,
  ev: EventState | undefined = eventsStore.get(item.eventId),
): Quote {
  if (ev && (ev.status === 'finished' || ev.status === 'cancelled')) return { state: 'closed' };
  const s = ev?.markets
    .flatMap((m) => m.selections)
    .find((x) => x.selectionId === item.selectionId);
  if (s)
    return s.oddsMilli === null
      ? { state: 'suspended' }
      : { state: 'open', oddsMilli: s.oddsMilli };
  // A whole book without this line: it is no longer hung (in play lines move with the score).
  if (ev?.full) return { state: 'closed' };
  return { state: 'open', oddsMilli: item.offeredMilli ?? item.acceptedMilli };
}

/** Whether the member's policy takes the move from `accepted` to `now` without asking. */
export function policyTakes(policy: OddsChangePolicy, accepted: number, now: number): boolean {
  return now === accepted || policy === 'any' || (policy === 'better' && now > accepted);
}

export function isSelected(selectionId: string): boolean {
  return slipStore.get().items.some((i) => i.selectionId === selectionId);
}

/** Tap on a price: adds it to the slip, or takes it out when it is there already. */
export function toggleSelection(
  ev: EventState,
  market: MarketState,
  sel: SelectionState,
): 'added' | 'removed' | 'full' | 'locked' {
  const s = slipStore.get();
  if (s.items.some((i) => i.selectionId === sel.selectionId)) {
    removeItem(sel.selectionId);
    return 'removed';
  }
  if (sel.oddsMilli === null) return 'locked';
  if (s.items.length >= SLIP_MAX) return 'full';
  const item: SlipItem = {
    selectionId: sel.selectionId,
    eventId: ev.eventId,
    sport: ev.sport,
    home: ev.home,
    away: ev.away,
    league: ev.league,
    period: market.period,
    kind: market.kind,
    line100: market.line100,
    outcome: sel.outcome,
    acceptedMilli: sel.oddsMilli,
    offeredMilli: null,
    stake: '',
  };
  update((st) => ({
    items: [...st.items, item],
    phase: st.phase.kind === 'done' ? { kind: 'idle' } : st.phase,
    notice: null,
  }));
  return 'added';
}

/** Adds a selection the page fetched for 跟投, at its current price. */
export function addFollowed(item: Omit<SlipItem, 'stake' | 'offeredMilli'>): void {
  update((st) =>
    st.items.some((i) => i.selectionId === item.selectionId) || st.items.length >= SLIP_MAX
      ? {}
      : { items: [...st.items, { ...item, offeredMilli: null, stake: '' }] },
  );
}

export function removeItem(selectionId: string): void {
  update((st) => {
    const items = st.items.filter((i) => i.selectionId !== selectionId);
    return { items, notice: null, mode: items.length === 0 ? 'single' : st.mode };
  });
}

export function clearSlip(): void {
  update({ items: [], parlayStake: '', mode: 'single', phase: { kind: 'idle' }, notice: null });
}

export function setMode(mode: SlipMode): void {
  update({ mode, notice: null });
}

export function setItemStake(selectionId: string, stake: string): void {
  update((st) => ({
    items: st.items.map((i) => (i.selectionId === selectionId ? { ...i, stake } : i)),
    notice: st.notice?.tone === 'error' ? null : st.notice,
  }));
}

export function setParlayStake(stake: string): void {
  update((st) => ({ parlayStake: stake, notice: st.notice?.tone === 'error' ? null : st.notice }));
}

export function setPolicy(policy: OddsChangePolicy): void {
  update({ policy });
}

export function openSlip(open: boolean): void {
  update((st) => ({
    open,
    // Closing after a receipt starts a fresh slip.
    ...(open || st.phase.kind !== 'done' ? {} : { phase: { kind: 'idle' }, notice: null }),
  }));
}

/** The member accepts the prices on offer now (接受新赔率). */
export function acceptPrices(): void {
  update((st) => ({
    items: st.items.map((i) => {
      const q = quoteOf(i);
      return q.state === 'open' ? { ...i, acceptedMilli: q.oddsMilli, offeredMilli: null } : i;
    }),
    notice: null,
  }));
}

/** The venue's new prices from a refusal (8030). */
export function offerPrices(prices: readonly { selectionId: string; oddsMilli: number }[]): void {
  const offered = new Map(prices.map((p) => [p.selectionId, p.oddsMilli]));
  update((st) => ({
    items: st.items.map((i) =>
      offered.has(i.selectionId) ? { ...i, offeredMilli: offered.get(i.selectionId)! } : i,
    ),
  }));
}

export function setPhase(phase: SlipPhase, notice: SlipNotice | null = null): void {
  update({ phase, notice });
}

export function setNotice(notice: SlipNotice | null): void {
  update({ notice });
}

/** Takes placed selections off the slip (the receipt keeps what was bet). */
export function removePlaced(selectionIds: readonly string[]): void {
  const gone = new Set(selectionIds);
  update((st) => {
    const items = st.items.filter((i) => !gone.has(i.selectionId));
    return {
      items,
      parlayStake: st.mode === 'parlay' ? '' : st.parlayStake,
      // An emptied slip starts again as 单关.
      mode: items.length === 0 ? 'single' : st.mode,
    };
  });
}
