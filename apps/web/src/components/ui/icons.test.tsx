import { render } from '@testing-library/react';
import * as antd from 'antd-mobile-icons';
import type { ComponentType, SVGProps } from 'react';
import { describe, expect, it } from 'vitest';
import * as own from './icons';

type Icon = ComponentType<SVGProps<SVGSVGElement>>;
const numbers = (d: string) => [...d.matchAll(/-?\d*\.?\d+/g)].map((m) => Number(m[0]));
const commands = (d: string) => d.replace(/[^A-Za-z]/g, '');

/** The painted path of a rendered icon: antd's has a transparent rect besides it. */
function drawn(IconComponent: Icon) {
  const { container, unmount } = render(
    <IconComponent className="x" style={{ color: 'red' }} aria-hidden="true" />,
  );
  const svg = container.querySelector('svg')!;
  const path = [...svg.querySelectorAll('path')].find(
    (p) => p.getAttribute('fill') === 'currentColor',
  );
  const out = {
    viewBox: svg.getAttribute('viewBox'),
    size: [svg.getAttribute('width'), svg.getAttribute('height')],
    className: svg.getAttribute('class'),
    style: svg.getAttribute('style'),
    hidden: svg.getAttribute('aria-hidden'),
    d: path?.getAttribute('d') ?? '',
  };
  unmount();
  return out;
}

describe('the first route’s icons (scripts/first-route-icons.mjs)', () => {
  const names = Object.keys(own) as (keyof typeof own)[];

  it('are the thirteen the first route draws', () => expect(names).toHaveLength(13));

  it.each(names)('%s draws antd’s path, within 1/100 of its 48-unit box', (name) => {
    const mine = drawn(own[name]);
    const theirs = drawn((antd as unknown as Record<string, Icon>)[name]!);
    expect({ ...mine, d: undefined }).toEqual({ ...theirs, d: undefined });
    expect(commands(mine.d)).toBe(commands(theirs.d));
    const a = numbers(mine.d);
    const b = numbers(theirs.d);
    expect(a).toHaveLength(b.length);
    a.forEach((n, i) => expect(Math.abs(n - b[i]!)).toBeLessThanOrEqual(0.005 + 1e-9));
  });
});
