import { describe, expect, it } from 'vitest';
import { fillTemplate, parseIndexTemplate } from './web-shell.template';

const RAW =
  '<!doctype html><html lang="zh-CN"><head><title>Nebula</title><script type="module" src="/a.js"></script></head><body><div id="root"></div></body></html>';

describe('the index.html template', () => {
  it('is cut at <html, the title and #root, and filled around one hole', () => {
    const t = parseIndexTemplate(RAW);
    expect(t.pieces).not.toBeNull();
    const [before, after] = fillTemplate(t.pieces!, {
      htmlAttributes: ' data-skin="x"',
      title: '站点',
      headLinks: '<link rel="preload" as="image" href="/b.svg">',
      root: '<main>m</main>',
      afterRoot: ['<script type="application/json" id="d">{"ip":', '}</script>'],
    });
    expect(before + '"1.2.3.4"' + after).toBe(
      '<!doctype html><html data-skin="x" lang="zh-CN"><head><title>站点</title><link rel="preload" as="image" href="/b.svg">' +
        '<script type="module" src="/a.js"></script></head><body><div id="root"><main>m</main></div>' +
        '<script type="application/json" id="d">{"ip":"1.2.3.4"}</script></body></html>',
    );
  });
  it('an index.html without one of the places is served as it is', () => {
    expect(
      parseIndexTemplate(RAW.replace('<div id="root"></div>', '<div id="app"></div>')).pieces,
    ).toBeNull();
    expect(parseIndexTemplate(RAW.replace('<title>Nebula</title>', '')).pieces).toBeNull();
    // Places out of order (a title after the root) are not trusted either.
    expect(
      parseIndexTemplate('<html><body><div id="root"></div><title>x</title></body></html>').pieces,
    ).toBeNull();
  });
});
