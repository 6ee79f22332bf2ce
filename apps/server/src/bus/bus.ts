import type { BusTopic, BusTopics } from './topics';

export type BusHandler<T extends BusTopic> = (payload: BusTopics[T]) => void;

/**
 * Pub/sub between platform nodes: in-process for the embedded default, Redis in production.
 * Delivery is at-most-once and includes the publishing node itself.
 */
export interface Bus {
  publish<T extends BusTopic>(topic: T, payload: BusTopics[T]): Promise<void>;
  /** Returns an unsubscribe function. */
  subscribe<T extends BusTopic>(topic: T, handler: BusHandler<T>): Promise<() => Promise<void>>;
  close(): Promise<void>;
}
