import { create } from 'zustand';
import { whenIdle } from './when-idle';

/** Chromium's install prompt event (not in TypeScript's DOM types). */
interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

interface PwaState {
  /** The deferred install prompt, when the browser offers one. */
  prompt: InstallPromptEvent | null;
  installed: boolean;
}

export const usePwaStore = create<PwaState>(() => ({ prompt: null, installed: false }));

/** Whether the site runs as an installed app (from the home screen). */
export function isStandalone(): boolean {
  return (
    window.matchMedia?.('(display-mode: standalone)').matches === true ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true
  );
}

/**
 * Registers the service worker (public/sw.js, network-only with an offline page) in a built
 * site on a secure origin, and keeps the browser's install prompt for the download page.
 */
export function startPwa(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    usePwaStore.setState({ prompt: event as InstallPromptEvent });
  });
  window.addEventListener('appinstalled', () =>
    usePwaStore.setState({ prompt: null, installed: true }),
  );
  if (!import.meta.env.PROD || !window.isSecureContext || !('serviceWorker' in navigator)) return;
  // When idle after the load: in the start-up traces the load event fired inside the task that
  // evaluated the entry, and registering there lengthened the longest task after the first paint
  // (docs/benchmarks.md, "web"). The worker serves nothing the first screen needs.
  const register = () =>
    whenIdle(
      () => void navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined),
    );
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

/** Shows the browser's own install dialog; true when the member accepted. */
export async function promptInstall(): Promise<boolean> {
  const { prompt } = usePwaStore.getState();
  if (!prompt) return false;
  await prompt.prompt();
  const choice = await prompt.userChoice;
  usePwaStore.setState({ prompt: null, installed: choice.outcome === 'accepted' });
  return choice.outcome === 'accepted';
}
