import { offscreenSurfaces, phoneTraits } from './fingerprint-traits';

/**
 * Collects the fingerprint's phone traits off the page's thread (lib/fingerprint.ts): one
 * message in, one answer out — `{ traits }`, or `{ failed: true }` when a trait threw (the
 * fingerprint is then empty, as when the page collects them itself).
 */
const scope = globalThis as unknown as {
  onmessage: (() => void) | null;
  postMessage(message: unknown): void;
};

scope.onmessage = () => {
  phoneTraits(offscreenSurfaces())
    .then((traits) => scope.postMessage({ traits }))
    .catch(() => scope.postMessage({ failed: true }));
};
