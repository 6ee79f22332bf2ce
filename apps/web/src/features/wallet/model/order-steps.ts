import type { OrderEvent, OrderStatus } from '@nebula/protocol/api/wallet/wallet.schemas';
import type { TFunction } from 'i18next';
import type { BadgeTone } from '../../../components/ui/status-badge';
import type { TimelineStep } from '../../../components/ui/timeline';
import { shanghaiDateTime } from '../../../lib/shanghai-date';

export type OrderKind = 'deposit' | 'withdraw';

const FAILED: ReadonlySet<string> = new Set(['rejected', 'expired', 'cancelled']);
const OPEN: ReadonlySet<OrderStatus> = new Set(['pending', 'review']);

export function isOpen(status: OrderStatus): boolean {
  return OPEN.has(status);
}

export function statusTone(status: OrderStatus): BadgeTone {
  if (status === 'credited' || status === 'paid') return 'success';
  if (status === 'pending' || status === 'review') return 'warning';
  if (status === 'rejected') return 'danger';
  return 'muted';
}

/** The status label: a pending offline deposit waits for a person, an online one for payment. */
export function statusLabel(
  t: TFunction<'wallet'>,
  kind: OrderKind,
  status: OrderStatus,
  online = false,
): string {
  if (kind === 'deposit' && status === 'pending') {
    return online ? t('status.deposit.pendingOnline') : t('status.deposit.pendingOffline');
  }
  return kind === 'deposit' ? t(`status.deposit.${status}`) : t(`status.withdraw.${status}`);
}

function eventTitle(t: TFunction<'wallet'>, kind: OrderKind, event: OrderEvent): string {
  const known = kind === 'deposit' ? DEPOSIT_EVENTS : WITHDRAW_EVENTS;
  return known.has(event.status) ? t(`event.${kind}.${event.status as EventStatus}`) : event.status;
}

type EventStatus =
  'pending' | 'credited' | 'rejected' | 'expired' | 'cancelled' | 'review' | 'paid';
const DEPOSIT_EVENTS: ReadonlySet<string> = new Set([
  'pending',
  'credited',
  'rejected',
  'expired',
  'cancelled',
  'review',
]);
const WITHDRAW_EVENTS: ReadonlySet<string> = new Set(['review', 'paid', 'rejected']);

/**
 * An order's timeline (design "Money screens"): every recorded event with the server's plain
 * note, then — while the order is open — what it waits for now and what comes last.
 */
export function orderSteps(
  t: TFunction<'wallet'>,
  kind: OrderKind,
  order: { status: OrderStatus; timeline: OrderEvent[] },
  online = false,
): TimelineStep[] {
  const steps: TimelineStep[] = order.timeline.map((event, index) => ({
    key: `${index}-${event.status}`,
    title: eventTitle(t, kind, event),
    state: FAILED.has(event.status) ? 'failed' : 'done',
    time: shanghaiDateTime(event.time),
    text: event.note,
  }));
  if (!isOpen(order.status)) return steps;
  const waiting =
    kind === 'withdraw'
      ? t('wait.withdraw')
      : order.status === 'review'
        ? t('wait.depositReview')
        : online
          ? t('wait.depositOnline')
          : t('wait.depositOffline');
  steps.push({ key: 'now', title: waiting, state: 'current' });
  steps.push({
    key: 'last',
    title: kind === 'deposit' ? t('wait.credited') : t('wait.paid'),
    state: 'waiting',
  });
  return steps;
}
