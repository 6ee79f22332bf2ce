import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escapeHtml, jsonForScript } from './html-escape';

describe('escapeHtml', () => {
  it('escapes the five characters that can open or close markup or an attribute', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });
  it('leaves Chinese and other text alone', () => {
    expect(escapeHtml('欢迎来到 Nebula 体育')).toBe('欢迎来到 Nebula 体育');
  });
  it('never leaves a raw < > " or \' in its output', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        expect(escapeHtml(s)).not.toMatch(/[<>"']/);
      }),
    );
  });
});

describe('jsonForScript', () => {
  it('cannot end a script block or open a comment, and parses back to the same value', () => {
    const value = {
      title: '</script><script>alert(1)</script>',
      note: '<!-- x -->',
      sep: 'a\u2028b\u2029c',
      amp: '&',
    };
    const json = jsonForScript(value);
    expect(json).not.toMatch(/<|>|&|\u2028|\u2029/);
    expect(JSON.parse(json)).toEqual(value);
  });
  it('round-trips any JSON value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        const json = jsonForScript(v);
        expect(json.toLowerCase()).not.toContain('</script');
        expect(JSON.parse(json)).toEqual(JSON.parse(JSON.stringify(v)));
      }),
    );
  });
  it('refuses a value with no JSON form', () => {
    expect(() => jsonForScript(undefined)).toThrow(TypeError);
  });
});
