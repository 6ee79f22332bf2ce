import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The built index.html (the build writes the hashed script and stylesheet links into it), cut
 * once at the places the platform fills per page: attributes of <html>, the <title>, extra
 * head links, and the content of #root followed by the data block.
 */
export interface IndexTemplate {
  /** The file as built, served unchanged where the site must start from nothing. */
  raw: string;
  /** The pieces around the filled places, in order: [..<html][..<title>][..<div id="root">][rest]. */
  pieces: readonly [string, string, string, string] | null;
}

const HTML_OPEN = /<html\b/i;
const TITLE = /<title>[^<]*<\/title>/i;
const ROOT = '<div id="root"></div>';

/** Reads and cuts dist/index.html; null when the site is not built. */
export function readIndexTemplate(webDist: string): IndexTemplate | null {
  const file = path.join(webDist, 'index.html');
  return existsSync(file) ? parseIndexTemplate(readFileSync(file, 'utf8')) : null;
}

/** `pieces` is null when a place is missing (a changed index.html): the file is then served as is. */
export function parseIndexTemplate(raw: string): IndexTemplate {
  const html = HTML_OPEN.exec(raw);
  const title = TITLE.exec(raw);
  const root = raw.indexOf(ROOT);
  if (!html || !title || root < 0) return { raw, pieces: null };
  const afterHtml = html.index + html[0].length;
  const afterTitle = title.index + title[0].length;
  if (!(afterHtml <= title.index && afterTitle <= root)) return { raw, pieces: null };
  return {
    raw,
    pieces: [
      raw.slice(0, afterHtml),
      raw.slice(afterHtml, title.index),
      raw.slice(afterTitle, root),
      raw.slice(root + ROOT.length),
    ],
  };
}

export interface PageFill {
  /** Attributes for <html>, each with its leading space (already escaped). */
  htmlAttributes: string;
  /** The document title, escaped. */
  title: string;
  /** Links placed right after the title, before the scripts the build lists. */
  headLinks: string;
  /** The content of #root. */
  root: string;
  /**
   * What follows #root in the body (the data block), in two parts around a hole for what
   * differs per request, so one rendering serves every visitor.
   */
  afterRoot: readonly [string, string];
}

/** The page with its places filled, split at the hole: [before it, after it]. */
export function fillTemplate(
  pieces: NonNullable<IndexTemplate['pieces']>,
  fill: PageFill,
): [string, string] {
  const [beforeAttributes, beforeTitle, beforeRoot, rest] = pieces;
  return [
    beforeAttributes +
      fill.htmlAttributes +
      beforeTitle +
      `<title>${fill.title}</title>` +
      fill.headLinks +
      beforeRoot +
      `<div id="root">${fill.root}</div>` +
      fill.afterRoot[0],
    fill.afterRoot[1] + rest,
  ];
}
