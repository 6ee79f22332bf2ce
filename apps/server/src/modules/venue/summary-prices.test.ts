import { describe, expect, it } from 'vitest';
import { orderedPrices } from './summary.service';

describe('hot matches: a main line’s prices as members read them', () => {
  it('orders 主 和 客 and leaves lineless outcomes bare', () => {
    expect(
      orderedPrices({ 'm1:ft:1x2:away': 3980, 'm1:ft:1x2:home': 1940, 'm1:ft:1x2:draw': 3520 }),
    ).toEqual([
      { selectionId: 'm1:ft:1x2:home', label: '主', oddsMilli: 1940 },
      { selectionId: 'm1:ft:1x2:draw', label: '和', oddsMilli: 3520 },
      { selectionId: 'm1:ft:1x2:away', label: '客', oddsMilli: 3980 },
    ]);
  });

  it('names a handicap from each side and a total with its line', () => {
    expect(
      orderedPrices({ 'm2:ft:ah:-250:away': 1290, 'm2:ft:ah:-250:home': 3620 }).map((p) => p.label),
    ).toEqual(['主 -2.5', '客 +2.5']);
    expect(orderedPrices({ 'm3:ft:ah:25:home': 1900 })[0]!.label).toBe('主 +0/0.5');
    expect(
      orderedPrices({ 'm4:ft:ou:250:under': 1850, 'm4:ft:ou:250:over': 1960 }).map((p) => p.label),
    ).toEqual(['大 2.5', '小 2.5']);
  });

  it('shows an id it cannot read as it came', () => {
    expect(orderedPrices({ weird: 2000 })[0]!.label).toBe('weird');
  });
});
