/**
 * The page's CSP nonce (docs/architecture.md, "Operator console"): the platform puts a fresh
 * one in each index.html it serves, in `<meta property="csp-nonce" nonce="…">` (Vite's
 * convention), and allows only <style> elements bearing it. The browser hides a nonce
 * attribute's value from CSS and the DOM; the `nonce` property still reads it. '' when the page
 * has none (the tests' jsdom).
 */
export function readCspNonce(doc: Document = document): string {
  const meta = doc.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');
  return meta?.nonce || meta?.getAttribute('nonce') || '';
}

/**
 * Gives every <style> element a script creates the page's nonce. antd's CSS-in-JS takes the
 * nonce from ConfigProvider, but a few of its helpers (the modal's scroll lock, the scrollbar
 * measure in @rc-component/util) create <style> elements without one. Only scripts from the
 * origin run here (script-src 'self'), so a style a script creates is ours; a <style> arriving
 * in markup (injected HTML) is not created this way and stays refused.
 */
export function nonceScriptStyles(nonce: string, doc: Document = document): void {
  if (!nonce) return;
  const create = doc.createElement.bind(doc);
  doc.createElement = (tag: string, options?: ElementCreationOptions): HTMLElement => {
    const el = create(tag, options);
    if (tag.toLowerCase() === 'style') el.nonce = nonce;
    return el;
  };
}
