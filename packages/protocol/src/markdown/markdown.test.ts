import { describe, expect, it } from 'vitest';
import {
  fillPlaceholders,
  isSafeHref,
  markdownText,
  parseInline,
  parseMarkdown,
  placeholdersOf,
  type MdBlock,
  type MdInline,
} from './markdown';

function links(blocks: MdBlock[]): string[] {
  const found: string[] = [];
  const walk = (nodes: MdInline[]) =>
    nodes.forEach((n) => {
      if (n.t === 'link') found.push(n.href);
      if (n.t === 'link' || n.t === 'strong') walk(n.c);
    });
  for (const b of blocks) {
    if (b.t === 'heading' || b.t === 'paragraph') walk(b.c);
    if (b.t === 'list') b.items.forEach(walk);
    if (b.t === 'quote') b.c.forEach(walk);
    if (b.t === 'table') [b.head, ...b.rows].flat().forEach(walk);
  }
  return found;
}

describe('markdown subset', () => {
  it('parses headings, paragraphs, lists, quotes, tables and rules', () => {
    const blocks = parseMarkdown(
      [
        '## 存款',
        '',
        '第一行',
        '第二行',
        '',
        '- 甲',
        '- **乙**',
        '',
        '1. 一',
        '2. 二',
        '',
        '> 提示',
        '',
        '| 盘口 | 赔率 |',
        '|---|---|',
        '| 让球 | 0.95 |',
        '',
        '---',
        '### 小节',
      ].join('\n'),
    );
    expect(blocks.map((b) => b.t)).toEqual([
      'heading',
      'paragraph',
      'list',
      'list',
      'quote',
      'table',
      'rule',
      'heading',
    ]);
    expect(blocks[1]).toEqual({
      t: 'paragraph',
      c: [
        { t: 'text', v: '第一行' },
        { t: 'text', v: ' ' },
        { t: 'text', v: '第二行' },
      ],
    });
    expect(blocks[2]).toEqual({
      t: 'list',
      ordered: false,
      items: [[{ t: 'text', v: '甲' }], [{ t: 'strong', c: [{ t: 'text', v: '乙' }] }]],
    });
    const table = blocks[5] as Extract<MdBlock, { t: 'table' }>;
    expect(table.rows).toEqual([[[{ t: 'text', v: '让球' }], [{ t: 'text', v: '0.95' }]]]);
    expect((blocks[7] as Extract<MdBlock, { t: 'heading' }>).level).toBe(3);
  });

  it('keeps only http(s) and in-site link targets', () => {
    expect(isSafeHref('https://example.com/a?b=1')).toBe(true);
    expect(isSafeHref('/help/kh')).toBe(true);
    for (const bad of [
      'javascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      ' javascript:alert(1)',
      'data:text/html,<script>',
      'vbscript:x',
      '//evil.example',
      '/\\evil.example',
      'http://a b',
      'https://x"onmouseover="a',
    ])
      expect(isSafeHref(bad), bad).toBe(false);
    const blocks = parseMarkdown('[ok](/help/ck) [bad](javascript:alert(1)) [x](data:text/html,1)');
    expect(links(blocks)).toEqual(['/help/ck']);
    // The refused link's label stays, as text.
    expect(markdownText(blocks)).toContain('bad');
  });

  it('treats markup it does not know as text', () => {
    const blocks = parseMarkdown('<script>alert(1)</script>\n<img src=x onerror=alert(1)>');
    expect(markdownText(blocks)).toBe('<script>alert(1)</script> <img src=x onerror=alert(1)>');
    expect(parseInline('a \\*\\*b\\*\\* `c` **unclosed')).toEqual([
      { t: 'text', v: 'a **b** ' },
      { t: 'code', v: 'c' },
      { t: 'text', v: ' **unclosed' },
    ]);
  });

  it('fills known placeholders and leaves unknown ones', () => {
    expect(placeholdersOf('{{a}} {{ b }} {{a}}')).toEqual(['a', 'b']);
    expect(fillPlaceholders('最低 {{withdrawMin}} 元，{{nope}}', { withdrawMin: '100' })).toBe(
      '最低 100 元，{{nope}}',
    );
  });
});
