import type { ServerMessageId, ServerMessages } from '@nebula/protocol/ws/messages';
import type { ChatFrameError } from './ws-types';

type Listener = (data: unknown) => void;
type ErrorListener = (error: ChatFrameError) => void;

/**
 * The chat client's subscribers: per server msgId, and for chat error frames. Its own registry,
 * apart from the HTTP `apiEvents`, because chat ids and HTTP codes share numbers (10001–10017).
 */
export class FrameListeners {
  readonly #byId = new Map<number, Set<Listener>>();
  readonly #errors = new Set<ErrorListener>();

  on<Id extends ServerMessageId>(msgId: Id, listener: (data: ServerMessages[Id]) => void) {
    let set = this.#byId.get(msgId);
    if (!set) {
      set = new Set();
      this.#byId.set(msgId, set);
    }
    const entry = listener as Listener;
    set.add(entry);
    return () => {
      set.delete(entry);
    };
  }

  onError(listener: ErrorListener): () => void {
    this.#errors.add(listener);
    return () => {
      this.#errors.delete(listener);
    };
  }

  emit(msgId: number, data: unknown): void {
    for (const listener of [...(this.#byId.get(msgId) ?? [])]) safely(() => listener(data));
  }

  emitError(error: ChatFrameError): void {
    for (const listener of [...this.#errors]) safely(() => listener(error));
  }
}

/** A broken listener must not stop the others or the client. */
function safely(run: () => void): void {
  try {
    run();
  } catch (failure) {
    console.error(failure);
  }
}
