import type { BetRecord } from '@nebula/protocol/api/venues/venues.schemas';
import type { BadgeTone } from '../../../components/ui/status-badge';
import { shanghaiDate } from '../../../lib/shanghai-date';

export function betTone(status: BetRecord['status']): BadgeTone {
  if (status === 'open') return 'primary';
  if (status === 'won' || status === 'half_won') return 'success';
  if (status === 'lost' || status === 'half_lost') return 'danger';
  return 'muted';
}

export interface BetDay {
  date: string;
  totals: { count: number; stake: string; payout: string; winLoss: string } | null;
  bets: BetRecord[];
}

/** Bets (newest first) by Shanghai day, each day with the server's totals for it. */
export function betsByDay(
  bets: BetRecord[],
  dayTotals: { date: string; count: number; stake: string; payout: string; winLoss: string }[],
): BetDay[] {
  const totals = new Map(dayTotals.map((d) => [d.date, d]));
  const out: BetDay[] = [];
  const byDate = new Map<string, BetDay>();
  for (const bet of bets) {
    const date = shanghaiDate(bet.placedAt);
    let day = byDate.get(date);
    if (!day) {
      day = { date, totals: totals.get(date) ?? null, bets: [] };
      byDate.set(date, day);
      out.push(day);
    }
    day.bets.push(bet);
  }
  return out;
}
