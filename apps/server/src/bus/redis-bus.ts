import { Redis } from 'ioredis';
import type { Bus, BusHandler } from './bus';
import type { BusTopic, BusTopics } from './topics';

/**
 * Redis pub/sub: any number of platform nodes share topics. One connection publishes, one
 * subscribes (a subscribed Redis connection can do nothing else).
 */
export class RedisBus implements Bus {
  readonly #pub: Redis;
  readonly #sub: Redis;
  readonly #handlers = new Map<string, Set<(payload: unknown) => void>>();
  readonly #prefix: string;

  private constructor(pub: Redis, sub: Redis, prefix: string) {
    this.#pub = pub;
    this.#sub = sub;
    this.#prefix = prefix;
    sub.on('message', (channel: string, message: string) => {
      const handlers = this.#handlers.get(channel.slice(this.#prefix.length));
      if (!handlers) return;
      let payload: unknown;
      try {
        payload = JSON.parse(message);
      } catch {
        return;
      }
      for (const h of handlers) h(payload);
    });
  }

  static async connect(url: string, prefix = 'nebula:'): Promise<RedisBus> {
    const options = { lazyConnect: true, maxRetriesPerRequest: 3 };
    const pub = new Redis(url, options);
    const sub = new Redis(url, options);
    await Promise.all([pub.connect(), sub.connect()]);
    return new RedisBus(pub, sub, prefix);
  }

  async publish<T extends BusTopic>(topic: T, payload: BusTopics[T]): Promise<void> {
    await this.#pub.publish(this.#prefix + topic, JSON.stringify(payload));
  }

  async subscribe<T extends BusTopic>(
    topic: T,
    handler: BusHandler<T>,
  ): Promise<() => Promise<void>> {
    let set = this.#handlers.get(topic);
    if (!set) {
      set = new Set();
      this.#handlers.set(topic, set);
      await this.#sub.subscribe(this.#prefix + topic);
    }
    const h = handler as (payload: unknown) => void;
    set.add(h);
    return async () => {
      set.delete(h);
      if (set.size === 0) {
        this.#handlers.delete(topic);
        await this.#sub.unsubscribe(this.#prefix + topic);
      }
    };
  }

  async close(): Promise<void> {
    this.#handlers.clear();
    await Promise.allSettled([this.#pub.quit(), this.#sub.quit()]);
  }
}
