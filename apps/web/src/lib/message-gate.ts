import {
  MESSAGE_DEBOUNCE_MS,
  MESSAGE_DUPLICATE_GUARD_MS,
} from '@nebula/protocol/constants/constants';

export interface MessageGate {
  /**
   * Shows the message of `key` once the burst is over: each push within `debounceMs` restarts
   * the wait, and a message shown less than `guardMs` ago is dropped as a duplicate.
   */
  push: (key: string, show: () => void) => void;
  /** Forget pending messages and the duplicate memory. */
  reset: () => void;
}

/**
 * contract §8.5 message debounce (350 ms) and duplicate guard (700 ms): a burst of failing requests
 * (several queries ended by the same session code) must produce one message, not a stack.
 */
export function createMessageGate(
  debounceMs: number = MESSAGE_DEBOUNCE_MS,
  guardMs: number = MESSAGE_DUPLICATE_GUARD_MS,
): MessageGate {
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  const shownAt = new Map<string, number>();
  return {
    push(key, show) {
      const pending = timers.get(key);
      if (pending !== undefined) clearTimeout(pending);
      timers.set(
        key,
        setTimeout(() => {
          timers.delete(key);
          const last = shownAt.get(key);
          if (last !== undefined && Date.now() - last < guardMs) return;
          shownAt.set(key, Date.now());
          show();
        }, debounceMs),
      );
    },
    reset() {
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      shownAt.clear();
    },
  };
}
