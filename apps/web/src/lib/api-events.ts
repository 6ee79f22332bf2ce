import type { BusinessError } from './api-errors';

export type CodeHandler = (error: BusinessError) => void;

/**
 * Per-code events (contract §3: "fires an event by code"). Session, access and maintenance rules
 * subscribe here instead of living inside the request client.
 */
export class ApiEvents {
  private readonly handlers = new Map<number, Set<CodeHandler>>();
  private readonly anyHandlers = new Set<CodeHandler>();

  /** Subscribe to one code; returns the unsubscribe function. */
  on(code: number, handler: CodeHandler): () => void {
    let set = this.handlers.get(code);
    if (!set) {
      set = new Set();
      this.handlers.set(code, set);
    }
    set.add(handler);
    return () => set.delete(handler);
  }

  /** Subscribe to every business error (logging, analytics). */
  onAny(handler: CodeHandler): () => void {
    this.anyHandlers.add(handler);
    return () => this.anyHandlers.delete(handler);
  }

  emit(error: BusinessError): void {
    const all = [...(this.handlers.get(error.code) ?? []), ...this.anyHandlers];
    for (const handler of all) {
      try {
        handler(error);
      } catch (failure) {
        // A broken listener must not turn into the caller's error.
        console.error(failure);
      }
    }
  }

  clear(): void {
    this.handlers.clear();
    this.anyHandlers.clear();
  }
}

export const apiEvents = new ApiEvents();
