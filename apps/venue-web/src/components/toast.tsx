import { createStore, useStore } from '../lib/store';

const toastStore = createStore<{ text: string; id: number } | null>(null);
let timer: ReturnType<typeof setTimeout> | null = null;

/** A short message over the page (copied, added, not allowed), gone after 2 s. */
export function toast(text: string): void {
  toastStore.set({ text, id: Date.now() });
  if (timer) clearTimeout(timer);
  timer = setTimeout(() => toastStore.set(null), 2000);
}

export function ToastHost() {
  const t = useStore(toastStore);
  return t ? (
    <div className="toast" role="status" key={t.id}>
      {t.text}
    </div>
  ) : null;
}
