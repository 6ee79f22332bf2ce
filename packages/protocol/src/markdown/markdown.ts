/**
 * The help centre's Markdown: a small, safe subset parsed into a tree of plain data. Nothing
 * here ever produces HTML: the site renders the tree as React elements (text is text), so a
 * document cannot inject markup whatever it holds. Links keep only `http(s)://…` and in-site
 * `/…` targets; any other target (javascript:, data:, protocol-relative, …) renders as text.
 *
 * Blocks: `#`/`##` headings (level 2), `###` (level 3), paragraphs, `-`/`*` and `1.` lists,
 * `>` quotes, pipe tables (`| a | b |` with a `|---|` line), `---` rules. Inline: `**strong**`,
 * `` `code` ``, `[text](target)`, `\` escapes, and a hard break for a line ending in two spaces.
 */

export type MdInline =
  | { t: 'text'; v: string }
  | { t: 'strong'; c: MdInline[] }
  | { t: 'code'; v: string }
  | { t: 'link'; href: string; c: MdInline[] }
  | { t: 'br' };

export type MdBlock =
  | { t: 'heading'; level: 2 | 3; c: MdInline[] }
  | { t: 'paragraph'; c: MdInline[] }
  | { t: 'list'; ordered: boolean; items: MdInline[][] }
  | { t: 'quote'; c: MdInline[][] }
  | { t: 'table'; head: MdInline[][]; rows: MdInline[][][] }
  | { t: 'rule' };

/** Most a document may hold (characters of source), so a save cannot grow without bound. */
export const MARKDOWN_MAX_LENGTH = 40_000;

const SAFE_HREF = /^(https?:\/\/[^\s<>"'`\\]+|\/(?![/\\])[^\s<>"'`\\]*)$/i;

/** Whether a link target may be followed: http(s) or an in-site path, nothing else. */
export function isSafeHref(href: string): boolean {
  return SAFE_HREF.test(href);
}

const ESCAPABLE = new Set([...'\\`*_[]()#+-.!|>{}']);

/** Parses inline text: strong, code, links, escapes. Unclosed markers stay literal text. */
export function parseInline(src: string): MdInline[] {
  const out: MdInline[] = [];
  let buf = '';
  const flush = () => {
    if (buf) out.push({ t: 'text', v: buf });
    buf = '';
  };
  let i = 0;
  while (i < src.length) {
    const ch = src[i]!;
    if (ch === '\\' && i + 1 < src.length && ESCAPABLE.has(src[i + 1]!)) {
      buf += src[i + 1];
      i += 2;
      continue;
    }
    if (ch === '`') {
      const end = src.indexOf('`', i + 1);
      if (end > i + 1) {
        flush();
        out.push({ t: 'code', v: src.slice(i + 1, end) });
        i = end + 1;
        continue;
      }
    }
    if (ch === '*' && src[i + 1] === '*') {
      const end = src.indexOf('**', i + 2);
      if (end > i + 2) {
        flush();
        out.push({ t: 'strong', c: parseInline(src.slice(i + 2, end)) });
        i = end + 2;
        continue;
      }
    }
    if (ch === '[') {
      const link = readLink(src, i);
      if (link) {
        flush();
        const label = parseInline(link.label);
        if (isSafeHref(link.href)) out.push({ t: 'link', href: link.href, c: label });
        else out.push(...label);
        i = link.end;
        continue;
      }
    }
    buf += ch;
    i += 1;
  }
  flush();
  return out;
}

/** `[label](href)` starting at `start`: balanced brackets in the label, no spaces in the target. */
function readLink(src: string, start: number): { label: string; href: string; end: number } | null {
  let depth = 0;
  let i = start;
  for (; i < src.length; i += 1) {
    const c = src[i];
    if (c === '\\') i += 1;
    else if (c === '[') depth += 1;
    else if (c === ']') {
      depth -= 1;
      if (depth === 0) break;
    }
  }
  if (depth !== 0 || src[i + 1] !== '(') return null;
  const close = src.indexOf(')', i + 2);
  if (close < 0) return null;
  const href = src.slice(i + 2, close).trim();
  if (!href || /\s/.test(href)) return null;
  return { label: src.slice(start + 1, i), href, end: close + 1 };
}

/** A paragraph's lines: joined with a space, or a hard break after a line ending in two spaces. */
function inlineLines(lines: string[]): MdInline[] {
  const out: MdInline[] = [];
  lines.forEach((line, index) => {
    const hard = / {2,}$/.test(line);
    out.push(...parseInline(line.trim()));
    if (index < lines.length - 1) out.push(hard ? { t: 'br' } : { t: 'text', v: ' ' });
  });
  return out;
}

const HEADING = /^(#{1,3})\s+(.+?)\s*#*\s*$/;
const BULLET = /^\s*[-*+]\s+(.*)$/;
const ORDERED = /^\s*\d{1,3}[.)]\s+(.*)$/;
const QUOTE = /^\s*>\s?(.*)$/;
const RULE = /^\s*(-{3,}|\*{3,}|_{3,})\s*$/;
const TABLE_SEP = /^\s*\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$/;

function tableCells(line: string): string[] {
  let s = line.trim();
  if (s.startsWith('|')) s = s.slice(1);
  if (s.endsWith('|') && !s.endsWith('\\|')) s = s.slice(0, -1);
  const cells: string[] = [];
  let cell = '';
  for (let i = 0; i < s.length; i += 1) {
    if (s[i] === '\\' && s[i + 1] === '|') {
      cell += '\\|';
      i += 1;
    } else if (s[i] === '|') {
      cells.push(cell.trim());
      cell = '';
    } else cell += s[i];
  }
  cells.push(cell.trim());
  return cells;
}

function startsBlock(line: string, next: string | undefined): boolean {
  return (
    HEADING.test(line) ||
    BULLET.test(line) ||
    ORDERED.test(line) ||
    QUOTE.test(line) ||
    RULE.test(line) ||
    (line.includes('|') && next !== undefined && TABLE_SEP.test(next))
  );
}

/** Parses a document into blocks. Any input is accepted: what is not markup is text. */
export function parseMarkdown(source: string): MdBlock[] {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  const blocks: MdBlock[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    if (line.trim() === '') {
      i += 1;
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      blocks.push({
        t: 'heading',
        level: heading[1]!.length === 3 ? 3 : 2,
        c: parseInline(heading[2]!),
      });
      i += 1;
      continue;
    }
    if (RULE.test(line)) {
      blocks.push({ t: 'rule' });
      i += 1;
      continue;
    }
    if (line.includes('|') && lines[i + 1] !== undefined && TABLE_SEP.test(lines[i + 1]!)) {
      const head = tableCells(line).map(parseInline);
      const rows: MdInline[][][] = [];
      i += 2;
      while (i < lines.length && lines[i]!.includes('|') && lines[i]!.trim() !== '') {
        const cells = tableCells(lines[i]!);
        // Every row has the head's width: missing cells are empty, extra ones dropped.
        rows.push(head.map((_, col) => parseInline(cells[col] ?? '')));
        i += 1;
      }
      blocks.push({ t: 'table', head, rows });
      continue;
    }
    if (QUOTE.test(line)) {
      const paragraphs: string[][] = [[]];
      while (i < lines.length && QUOTE.test(lines[i]!)) {
        const inner = QUOTE.exec(lines[i]!)![1]!;
        if (inner.trim() === '') paragraphs.push([]);
        else paragraphs[paragraphs.length - 1]!.push(inner);
        i += 1;
      }
      blocks.push({
        t: 'quote',
        c: paragraphs.filter((p) => p.length > 0).map(inlineLines),
      });
      continue;
    }
    const ordered = ORDERED.test(line);
    if (ordered || BULLET.test(line)) {
      const pattern = ordered ? ORDERED : BULLET;
      const items: string[][] = [];
      while (i < lines.length) {
        const current = lines[i]!;
        const m = pattern.exec(current);
        if (m) items.push([m[1]!]);
        else if (current.trim() !== '' && /^\s{2,}/.test(current) && items.length > 0)
          items[items.length - 1]!.push(current.trim());
        else break;
        i += 1;
      }
      blocks.push({ t: 'list', ordered, items: items.map(inlineLines) });
      continue;
    }
    const paragraph: string[] = [];
    while (i < lines.length && lines[i]!.trim() !== '') {
      if (paragraph.length > 0 && startsBlock(lines[i]!, lines[i + 1])) break;
      paragraph.push(lines[i]!);
      i += 1;
    }
    blocks.push({ t: 'paragraph', c: inlineLines(paragraph) });
  }
  return blocks;
}

function inlineText(nodes: MdInline[]): string {
  return nodes
    .map((n) => {
      switch (n.t) {
        case 'text':
        case 'code':
          return n.v;
        case 'br':
          return '\n';
        default:
          return inlineText(n.c);
      }
    })
    .join('');
}

/** The document as plain text (search, summaries, length checks). */
export function markdownText(blocks: MdBlock[]): string {
  return blocks
    .map((b) => {
      switch (b.t) {
        case 'heading':
        case 'paragraph':
          return inlineText(b.c);
        case 'list':
          return b.items.map(inlineText).join('\n');
        case 'quote':
          return b.c.map(inlineText).join('\n');
        case 'table':
          return [b.head, ...b.rows].map((row) => row.map(inlineText).join(' ')).join('\n');
        case 'rule':
          return '';
      }
    })
    .filter(Boolean)
    .join('\n');
}

/** `{{name}}` placeholders of live site settings, substituted when a document is served. */
export const PLACEHOLDER_PATTERN = /\{\{\s*([A-Za-z][A-Za-z0-9]*)\s*\}\}/g;

/** The placeholder names a document uses. */
export function placeholdersOf(source: string): string[] {
  return [...new Set([...source.matchAll(PLACEHOLDER_PATTERN)].map((m) => m[1]!))];
}

/** Replaces each known `{{name}}`; unknown names stay as they are (a save refuses them). */
export function fillPlaceholders(source: string, values: Record<string, string>): string {
  return source.replace(PLACEHOLDER_PATTERN, (whole, name: string) =>
    Object.prototype.hasOwnProperty.call(values, name) ? values[name]! : whole,
  );
}
