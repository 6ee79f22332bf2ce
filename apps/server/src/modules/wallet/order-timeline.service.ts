import type { OrderEvent } from '@nebula/protocol';
import type { Queryable } from '@nebula/db';
import { addEvent, eventsOf } from './order-event.repository';

/**
 * The timeline of an order (deposit, withdrawal, transfer): each state change with the note the
 * member sees, written in the same unit of work as the change itself.
 */
export class OrderTimelineService {
  add(q: Queryable, orderId: string, status: string, note: string, now: number): Promise<void> {
    return addEvent(q, orderId, status, note, now);
  }

  of(q: Queryable, orderIds: string[]): Promise<Map<string, OrderEvent[]>> {
    return eventsOf(q, orderIds);
  }
}
