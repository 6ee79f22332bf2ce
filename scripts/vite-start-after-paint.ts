import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { transformWithEsbuild, type Plugin } from 'vite';

/** Where index.html keeps the site's scripts until the first screen has painted. */
export const START_TEMPLATE_ID = 'nb-start-scripts';

/** The site's module scripts and modulepreload links, as the build wrote them into index.html. */
const SCRIPT_TAG =
  /[ \t]*<script type="module"[^>]*><\/script>\n?|[ \t]*<link rel="modulepreload"[^>]*>\n?/g;

/**
 * Moves index.html's module scripts and modulepreload links into an inert template and loads
 * `loaderSrc` (a deferred classic script) that puts them back once the first screen has painted
 * (apps/web/src/app/shell/start-after-paint.ts says when, and why).
 */
export function deferScripts(html: string, loaderSrc: string): string {
  const tags = (html.match(SCRIPT_TAG) ?? []).map((t) => t.trim());
  const scripts = tags.filter((t) => t.startsWith('<script'));
  if (scripts.length === 0) throw new Error('index.html has no module script to start after paint');
  // The preload links first: copied back in this order, their fetches start before the entry's.
  const inert = [...tags.filter((t) => !t.startsWith('<script')), ...scripts].join('');
  const rest = html.replace(SCRIPT_TAG, '');
  const head = /[ \t]*<\/head>/.exec(rest);
  if (!head) throw new Error('index.html has no </head>');
  const block =
    `    <template id="${START_TEMPLATE_ID}">${inert}</template>\n` +
    `    <script defer src="${loaderSrc}"></script>\n`;
  return rest.slice(0, head.index) + block + rest.slice(head.index);
}

/**
 * The build step: compiles the loader on its own (no imports, a classic script), names it by
 * its content's hash, writes it into the build and rewrites index.html. Runs after the other
 * index.html transforms so that the first route's preload links (vite-first-route-preload.ts)
 * are moved too.
 */
export function startAfterPaint(loaderFile: string): Plugin {
  let base = '/';
  let loader: { fileName: string; code: string } | null = null;
  return {
    name: 'nebula-start-after-paint',
    apply: 'build',
    configResolved: (config) => {
      base = config.base;
    },
    async buildStart() {
      const { code } = await transformWithEsbuild(readFileSync(loaderFile, 'utf8'), loaderFile, {
        loader: 'ts',
        format: 'iife',
        minify: true,
        target: 'es2020',
      });
      const hash = createHash('sha256').update(code).digest('base64url').slice(0, 8);
      loader = { fileName: `assets/start-after-paint-${hash}.js`, code };
    },
    transformIndexHtml: {
      order: 'post',
      handler: (html, ctx) => {
        if (!ctx.bundle || !loader) return html;
        return deferScripts(html, `${base}${loader.fileName}`);
      },
    },
    generateBundle() {
      if (loader) this.emitFile({ type: 'asset', fileName: loader.fileName, source: loader.code });
    },
  };
}
