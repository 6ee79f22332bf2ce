import type { Bus, BusHandler } from './bus';
import type { BusTopic, BusTopics } from './topics';

/** The embedded default: one process, delivery on the next tick like a real broker. */
export class MemoryBus implements Bus {
  readonly #handlers = new Map<string, Set<(payload: unknown) => void>>();

  publish<T extends BusTopic>(topic: T, payload: BusTopics[T]): Promise<void> {
    const handlers = this.#handlers.get(topic);
    if (handlers) {
      // Copy so a handler cannot observe the publisher's later mutations.
      const copy = structuredClone(payload);
      for (const h of handlers) queueMicrotask(() => h(copy));
    }
    return Promise.resolve();
  }

  subscribe<T extends BusTopic>(topic: T, handler: BusHandler<T>): Promise<() => Promise<void>> {
    let set = this.#handlers.get(topic);
    if (!set) {
      set = new Set();
      this.#handlers.set(topic, set);
    }
    const h = handler as (payload: unknown) => void;
    set.add(h);
    return Promise.resolve(() => {
      set.delete(h);
      return Promise.resolve();
    });
  }

  close(): Promise<void> {
    this.#handlers.clear();
    return Promise.resolve();
  }
}
