import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { MarkdownView } from './markdown-view';

/**
 * The XSS corpus: markup, event handlers, script URLs in every spelling, entity tricks and
 * broken Markdown. Whatever a document holds, the rendered tree has only the subset's elements,
 * no attribute but safe hrefs (and the fixed target/rel/scope/class), and no script anywhere.
 */
const CORPUS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<svg onload=alert(1)><circle/></svg>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<a href="javascript:alert(1)">x</a>',
  '<style>body{display:none}</style>',
  '<details open ontoggle=alert(1)>',
  '[x](javascript:alert(1))',
  '[x](JaVaScRiPt:alert(1))',
  '[x](  javascript:alert(1))',
  '[x](java\tscript:alert(1))',
  '[x](&#106;avascript:alert(1))',
  '[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '[x](vbscript:msgbox(1))',
  '[x](//evil.example/steal)',
  '[x](/\\evil.example)',
  '[x](https://ok.example/"onmouseover="alert(1))',
  '[x](https://ok.example/a onmouseover=alert(1))',
  '[<img src=x onerror=alert(1)>](https://ok.example)',
  '**<b onclick=alert(1)>bold</b>**',
  '`<script>alert(1)</script>`',
  '| <script>alert(1)</script> | b |\n|---|---|\n| <img src=x onerror=alert(1)> | [x](javascript:1) |',
  '> <iframe srcdoc="<script>alert(1)</script>">',
  '- [x](javascript:alert(1))\n- <a href=javascript:alert(1)>y</a>',
  '## <h1 onmouseover=alert(1)>t</h1>',
  '\u0000<script>\u0000alert(1)</script>',
  '[[[[[[[[[[[[[[[[[[[[x](javascript:1)',
  '[x](https://ok.example)(javascript:alert(1))',
  '{{constructor}} {{__proto__}}',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
];

const ALLOWED_TAGS = new Set([
  'DIV',
  'H2',
  'H3',
  'P',
  'UL',
  'OL',
  'LI',
  'BLOCKQUOTE',
  'TABLE',
  'THEAD',
  'TBODY',
  'TR',
  'TH',
  'TD',
  'HR',
  'STRONG',
  'CODE',
  'BR',
  'A',
]);
const ALLOWED_ATTRS = new Set(['href', 'target', 'rel', 'scope', 'class', 'data-discover']);

function renderDoc(source: string): HTMLElement {
  const router = createMemoryRouter([{ path: '/', element: <MarkdownView source={source} /> }]);
  return render(<RouterProvider router={router} />).container;
}

describe('MarkdownView against the XSS corpus', () => {
  it.each(CORPUS)('%s', (payload) => {
    const root = renderDoc(`## 标题\n\n${payload}\n\n正文 [帮助](/help/ck)`);
    for (const el of root.querySelectorAll('*')) {
      expect(ALLOWED_TAGS.has(el.tagName), el.tagName).toBe(true);
      for (const attr of el.getAttributeNames())
        expect(ALLOWED_ATTRS.has(attr), `${el.tagName} ${attr}`).toBe(true);
    }
    for (const a of root.querySelectorAll('a')) {
      const href = a.getAttribute('href') ?? '';
      expect(href, href).toMatch(/^(https:\/\/ok\.example|\/help\/ck|\/(?![/\\]))/);
      expect(href.toLowerCase()).not.toMatch(/script:|data:|\s/);
    }
    // What the payload said is still there, as text.
    expect(root.textContent).toContain('正文');
  });

  it('renders the subset: headings, lists, tables, in-site and outside links', () => {
    const root = renderDoc(
      '## 存款\n\n- 一\n- **二**\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n[站内](/help/qk) [站外](https://example.com)',
    );
    expect(root.querySelector('h2')?.textContent).toBe('存款');
    expect(root.querySelectorAll('li')).toHaveLength(2);
    expect(root.querySelector('td')?.textContent).toBe('1');
    const [inSite, outside] = [...root.querySelectorAll('a')];
    expect(inSite?.getAttribute('href')).toBe('/help/qk');
    expect(inSite?.getAttribute('target')).toBeNull();
    expect(outside?.getAttribute('target')).toBe('_blank');
    expect(outside?.getAttribute('rel')).toContain('noopener');
  });
});
