export interface FocusReloadDeps {
  /** The token as stored (cookie, then localStorage): what another tab would have changed. */
  readStoredToken: () => string | null;
  /** This page's own token. */
  currentToken: () => string | null;
  reload: () => void;
  target?: Window;
}

/**
 * contract §8.3: when the window regains focus and the token changed since it lost focus (another
 * tab logged in or out), the page reloads. A change this page made itself (its own logout while
 * in the background) leaves storage equal to its own token and does not reload.
 */
export function installFocusReload(deps: FocusReloadDeps): () => void {
  const win = deps.target ?? window;
  let atBlur: string | null | undefined;

  const onBlur = () => {
    atBlur = deps.readStoredToken();
  };
  const onFocus = () => {
    if (atBlur === undefined) return;
    const stored = deps.readStoredToken();
    const changed = stored !== atBlur && stored !== deps.currentToken();
    atBlur = undefined;
    if (changed) deps.reload();
  };
  const onVisibility = () => {
    if (win.document.visibilityState === 'hidden') onBlur();
    else onFocus();
  };

  win.addEventListener('blur', onBlur);
  win.addEventListener('focus', onFocus);
  // Phones switch apps without window focus events; visibility covers them.
  win.document.addEventListener('visibilitychange', onVisibility);
  return () => {
    win.removeEventListener('blur', onBlur);
    win.removeEventListener('focus', onFocus);
    win.document.removeEventListener('visibilitychange', onVisibility);
  };
}
