#!/usr/bin/env node
/**
 * Writes apps/web/src/components/ui/icons.tsx: the antd-mobile-icons the member site's first
 * route draws, as one path each with coordinates rounded to 1/100 of the 48-unit box (0.004 px
 * at the 20 px they are drawn). antd's modules carry a named group, an invisible rect and
 * 7-decimal paths per icon: 10 KiB gzip of the home page's first-route JavaScript
 * (docs/benchmarks.md, "web"). Run after upgrading antd-mobile-icons:
 * `node scripts/first-route-icons.mjs`; icons.test.tsx holds each icon to antd's.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const FIRST_ROUTE_ICONS = [
  'AppOutline',
  'BankcardOutline',
  'CloseOutline',
  'GiftOutline',
  'LoopOutline',
  'MessageFill',
  'MessageOutline',
  'PayCircleOutline',
  'RedoOutline',
  'RightOutline',
  'SoundOutline',
  'StarOutline',
  'UserOutline',
];

/** Rounds every decimal of an SVG path to two places, dropping trailing zeros. */
export function compactPath(d) {
  return d
    .replace(/-?\d*\.\d+/g, (n) => String(Math.round(Number(n) * 100) / 100))
    .replace(/\s*([A-Za-z])\s*/g, '$1')
    .replace(/ -/g, '-')
    .trim();
}

/** The one painted path of an antd-mobile-icons module (its rect is transparent). */
export function antdIconPath(name) {
  const file = path.join(root, 'node_modules/antd-mobile-icons/es', `${name}.js`);
  const src = readFileSync(file, 'utf8');
  const paths = [...src.matchAll(/createElement\("path", \{\s*d: "([^"]+)"/g)].map((m) => m[1]);
  if (paths.length !== 1 || !/viewBox: "0 0 48 48"/.test(src) || !/fill: "currentColor"/.test(src))
    throw new Error(`${name}: not one currentColor path in a 48-unit box`);
  return paths[0];
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const lines = FIRST_ROUTE_ICONS.map(
    (name) => `export const ${name} = icon('${compactPath(antdIconPath(name))}');`,
  );
  const out = `// Written by scripts/first-route-icons.mjs from antd-mobile-icons: edit that, not this.
import type { SVGProps } from 'react';

type IconProps = SVGProps<SVGSVGElement>;

/** An antd-mobile icon as antd draws it (1em square, its class, a little below the baseline). */
const icon = (d: string) =>
  function Icon({ className, style, ...props }: IconProps) {
    return (
      <svg
        width="1em"
        height="1em"
        viewBox="0 0 48 48"
        xmlns="http://www.w3.org/2000/svg"
        {...props}
        style={{ verticalAlign: '-0.125em', ...style }}
        className={className ? \`antd-mobile-icon \${className}\` : 'antd-mobile-icon'}
      >
        <path fill="currentColor" d={d} />
      </svg>
    );
  };

${lines.join('\n')}
`;
  writeFileSync(path.join(root, 'apps/web/src/components/ui/icons.tsx'), out);
}
