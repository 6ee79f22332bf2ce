import { messageFor } from '@nebula/protocol/errors/codes';
import { isMoneyString, parseMoney } from '@nebula/protocol/money/fen';
import type { BetView, PlaceBetRequest } from '@nebula/protocol/venue/bets';
import { ApiError, NETWORK_MESSAGE, SessionExpiredError } from '../../lib/api';
import { money } from '../../lib/format';
import { venueApi } from '../../lib/venue-api';
import {
  balanceStore,
  betsRevision,
  metaStore,
  refreshBalance,
  trackOpenBets,
} from '../../store/account-store';
import {
  offerPrices,
  policyTakes,
  quoteOf,
  removePlaced,
  setPhase,
  slipStore,
  type SlipItem,
  type SlipNotice,
  type SlipState,
} from '../../store/slip-store';

/** How often a bet in 确认中 is asked about (a replay of its placement: never a second bet). */
const CONFIRM_POLL_MS = 400;
/** After this the slip lets go; 我的注单 shows how the venue decided. */
const CONFIRM_GIVE_UP_MS = 60_000;

export interface PlannedBet {
  items: SlipItem[];
  stake: string;
}

/** The bets the slip would place now: one per staked selection, or one parlay. */
export function plannedBets(s: SlipState): PlannedBet[] {
  if (s.mode === 'parlay')
    return s.items.length > 0 ? [{ items: s.items, stake: s.parlayStake }] : [];
  return s.items.filter((i) => i.stake !== '').map((i) => ({ items: [i], stake: i.stake }));
}

/** Why the slip cannot be placed as it stands, in the member's words; null when it can. */
export function slipProblem(s: SlipState): SlipNotice | null {
  if (s.items.length === 0) return { tone: 'info', text: '请先选择投注项' };
  // A price that moved past the member's policy is asked about first, whatever the stakes.
  for (const item of s.items) {
    const q = quoteOf(item);
    if (q.state === 'suspended') return { tone: 'error', text: '有选项暂停投注，请稍候' };
    if (q.state === 'closed') return { tone: 'error', text: '有选项已停止投注，请移除后再投注' };
    if (!policyTakes(s.policy, item.acceptedMilli, q.oddsMilli)) {
      return { tone: 'error', text: '赔率已变化，请确认新赔率', action: 'acceptPrices' };
    }
  }
  if (s.mode === 'parlay') {
    if (s.items.length < 2) return { tone: 'info', text: '串关至少需要 2 场赛事' };
    if (new Set(s.items.map((i) => i.eventId)).size !== s.items.length) {
      return { tone: 'error', text: '同一场赛事的选项不能串关' };
    }
  }
  const bets = plannedBets(s);
  if (bets.length === 0) return { tone: 'info', text: '请输入投注金额' };
  const limits = metaStore.get()?.limits;
  let total = 0n;
  for (const bet of bets) {
    if (!isMoneyString(bet.stake) || parseMoney(bet.stake) <= 0n) {
      return { tone: 'info', text: '请输入投注金额' };
    }
    const stake = parseMoney(bet.stake);
    total += stake;
    if (limits && stake < parseMoney(limits.minStake)) {
      return {
        tone: 'error',
        text: `单注最低 ${money(limits.minStake)}`,
        action: 'useStake',
        stake: limits.minStake,
      };
    }
    if (limits && stake > parseMoney(limits.maxStake)) {
      return {
        tone: 'error',
        text: `单注最高 ${money(limits.maxStake)}`,
        action: 'useStake',
        stake: limits.maxStake,
      };
    }
  }
  const balance = balanceStore.get().balance;
  if (balance !== null && total > parseMoney(balance)) {
    return { tone: 'error', text: messageFor(8036), action: 'transfer' };
  }
  return null;
}

const keys = new Map<string, string>();

function newKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
}

/**
 * One request key per bet content: a double tap, a retry after a lost answer or the 确认中
 * poll all send the same key, and the venue answers the first bet. A placed bet's key is
 * dropped, so the same selection bet again later is a new bet.
 */
function requestOf(
  bet: PlannedBet,
  policy: SlipState['policy'],
): { request: PlaceBetRequest; content: string } {
  const body = {
    legs: bet.items.map((i) => ({ selectionId: i.selectionId, oddsMilli: i.acceptedMilli })),
    stake: bet.stake,
    oddsPolicy: policy,
  };
  const content = JSON.stringify(body);
  let requestKey = keys.get(content);
  if (!requestKey) keys.set(content, (requestKey = newKey()));
  return { request: { requestKey, ...body }, content };
}

function refusalNotice(err: ApiError): SlipNotice {
  const data = err.data ?? {};
  switch (err.code) {
    case 8030: {
      const prices = Array.isArray(data.prices)
        ? (data.prices as { selectionId: string; oddsMilli: number }[])
        : [];
      offerPrices(prices);
      return { tone: 'error', text: err.message, code: err.code, action: 'acceptPrices' };
    }
    case 8032:
      return typeof data.minStake === 'string'
        ? {
            tone: 'error',
            text: `${err.message}（最低 ${money(data.minStake)}）`,
            code: err.code,
            action: 'useStake',
            stake: data.minStake,
          }
        : { tone: 'error', text: err.message, code: err.code };
    case 8033:
    case 8034:
      return typeof data.maxStake === 'string'
        ? {
            tone: 'error',
            text: `${err.message}（最高可投 ${money(data.maxStake)}）`,
            code: err.code,
            action: 'useStake',
            stake: data.maxStake,
          }
        : { tone: 'error', text: err.message, code: err.code };
    case 8036:
      return { tone: 'error', text: err.message, code: err.code, action: 'transfer' };
    default:
      return {
        tone: 'error',
        text: err.code === 0 ? NETWORK_MESSAGE : err.message,
        code: err.code,
      };
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Places what the slip holds. The phase moves to `placing` before the first await,
 * so a second tap finds it busy and places nothing. Bets that the venue holds in play show
 * 确认中 until it accepts or refuses them; refusals come back as Chinese notices with what the
 * member can do (accept the new price, use the stake allowed, transfer in).
 */
export async function placeSlip(): Promise<void> {
  const s = slipStore.get();
  if (s.phase.kind === 'placing' || s.phase.kind === 'confirming') return;
  const problem = slipProblem(s);
  if (problem) {
    setPhase({ kind: 'idle' }, problem);
    return;
  }
  setPhase({ kind: 'placing' });
  const placed: { request: PlaceBetRequest; content: string; view: BetView; items: SlipItem[] }[] =
    [];
  let notice: SlipNotice | null = null;
  for (const bet of plannedBets(s)) {
    const { request, content } = requestOf(bet, s.policy);
    try {
      placed.push({ request, content, view: await venueApi.place(request), items: bet.items });
    } catch (err) {
      if (err instanceof SessionExpiredError) return;
      notice =
        err instanceof ApiError ? refusalNotice(err) : { tone: 'error', text: NETWORK_MESSAGE };
      break;
    }
  }
  if (placed.length > 0) {
    removePlaced(placed.flatMap((p) => p.items.map((i) => i.selectionId)));
    trackOpenBets(placed.map((p) => p.view.betId));
    betsRevision.set((n) => n + 1);
    void refreshBalance(true);
  }
  const views = await confirm(placed, notice);
  for (const p of placed) keys.delete(p.content);
  if (views.length === 0) {
    setPhase({ kind: 'idle' }, notice);
    return;
  }
  const refused = views.filter((v) => v.status === 'refused');
  if (refused.length > 0) {
    void refreshBalance(true);
    betsRevision.set((n) => n + 1);
    notice ??= {
      tone: 'error',
      text: `注单未被接受：${messageFor(refused[0]!.refuseCode ?? 10001)}，本金已退回`,
      code: refused[0]!.refuseCode ?? undefined,
    };
  }
  setPhase({ kind: 'done', bets: views }, notice);
}

/** Waits out the venue's acceptance delay of in-play bets (确认中), asking by replay. */
async function confirm(
  placed: { request: PlaceBetRequest; view: BetView }[],
  notice: SlipNotice | null,
): Promise<BetView[]> {
  let views = placed.map((p) => p.view);
  // The venue's own clock says how long it holds a bet; the page's clock may differ.
  const delay = Math.max(0, ...views.map((v) => (v.acceptAfter ?? v.placedAt) - v.placedAt));
  let wait = Math.min(5000, delay + 150);
  const giveUpAt = Date.now() + CONFIRM_GIVE_UP_MS;
  while (views.some((v) => v.status === 'pending') && Date.now() < giveUpAt) {
    setPhase({ kind: 'confirming', bets: views }, notice);
    await sleep(Math.max(CONFIRM_POLL_MS, wait));
    wait = CONFIRM_POLL_MS;
    views = await Promise.all(
      placed.map(async (p, i) =>
        views[i]!.status !== 'pending'
          ? views[i]!
          : await venueApi.place(p.request).catch(() => views[i]!),
      ),
    );
  }
  return views;
}
