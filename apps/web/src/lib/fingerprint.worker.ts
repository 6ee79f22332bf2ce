import { canvasTrait, fontsTrait, offscreenSurfaces, webglTrait } from './fingerprint-traits';

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
  const s = offscreenSurfaces();
  canvasTrait(s)
    .then((canvas) => scope.postMessage({ traits: [canvas, fontsTrait(s), webglTrait(s)] }))
    .catch(() => scope.postMessage({ failed: true }));
};
