import type { ReactNode } from 'react';
import { create } from 'zustand';

export interface ModalRequest {
  id: number;
  title?: ReactNode;
  content: ReactNode;
  confirmText?: ReactNode;
  width?: number;
  className?: string;
  media?: ReactNode;
  onConfirm?: () => void;
  cancelText?: ReactNode;
  /** Called when the secondary button is pressed (the modal closes either way). */
  onCancel?: () => void;
  /**
   * Shown next, right after the modal on screen, instead of at the end of the queue: session
   * notices must not wait behind a row of promotional pops.
   */
  urgent?: boolean;
  resolve: () => void;
}

interface ModalQueueState {
  queue: ModalRequest[];
  /** The head is closing: it stays rendered (leaving) until its animation ends. */
  closing: boolean;
}

/** Imperative modals wait in a queue so a pop and a tip never stack on top of each other. */
export const useModalQueue = create<ModalQueueState>(() => ({ queue: [], closing: false }));

let nextId = 1;

export type ShowModalOptions = Omit<ModalRequest, 'id' | 'resolve'>;

/**
 * Show a modal after any already showing; resolves when it closes (OK, or the secondary
 * button when there is one).
 */
export function showModal(options: ShowModalOptions): Promise<void> {
  return new Promise((resolve) => {
    const request: ModalRequest = { ...options, id: nextId++, resolve };
    useModalQueue.setState((state) => {
      const queue = [...state.queue];
      if (!request.urgent || queue.length === 0) return { queue: [...queue, request] };
      // After the one on screen and any urgent ones already waiting, before the rest.
      const firstNormal = queue.findIndex((item, index) => index > 0 && !item.urgent);
      queue.splice(firstNormal < 0 ? queue.length : firstNormal, 0, request);
      return { queue };
    });
  });
}

/**
 * A question asked once (design "States": destructive actions ask once, clearly): resolves
 * true for OK, false for the secondary button.
 */
export function confirmModal(
  options: Omit<ShowModalOptions, 'onConfirm' | 'onCancel'> & { cancelText: ReactNode },
): Promise<boolean> {
  let confirmed = false;
  return showModal({
    ...options,
    onConfirm: () => {
      confirmed = true;
    },
  }).then(() => confirmed);
}

export function closeCurrentModal(): void {
  useModalQueue.setState({ closing: true });
}

export function removeCurrentModal(): void {
  const [head, ...rest] = useModalQueue.getState().queue;
  useModalQueue.setState({ queue: rest, closing: false });
  head?.resolve();
}
