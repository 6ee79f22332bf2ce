import { describe, expect, it } from 'vitest';
import { nonceScriptStyles, readCspNonce } from './csp-nonce';

/** The page's CSP nonce as the platform serves it (apps/server/src/plugins/console-static.ts). */
describe('the console CSP nonce', () => {
  it('is read from the csp-nonce meta tag; none without one', () => {
    const doc = document.implementation.createHTMLDocument('t');
    expect(readCspNonce(doc)).toBe('');
    doc.head.innerHTML = '<meta property="csp-nonce" nonce="abc123==" />';
    expect(readCspNonce(doc)).toBe('abc123==');
  });

  it('goes on every <style> a script creates, and on nothing else', () => {
    const doc = document.implementation.createHTMLDocument('t');
    nonceScriptStyles('n0nce', doc);
    expect(doc.createElement('style').nonce).toBe('n0nce');
    expect(doc.createElement('STYLE').nonce).toBe('n0nce');
    expect(doc.createElement('div').nonce).toBe('');
    expect(doc.createElement('script').nonce).toBe('');
    // A <style> arriving in markup is not created by a script: it gets none.
    doc.body.innerHTML = '<style>p { color: red }</style>';
    expect(doc.body.querySelector('style')!.nonce).toBe('');
  });

  it('changes nothing without a nonce', () => {
    const doc = document.implementation.createHTMLDocument('t');
    nonceScriptStyles('', doc);
    expect(doc.createElement('style').nonce).toBe('');
  });
});
