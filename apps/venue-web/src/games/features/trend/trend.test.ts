import { describe, expect, it } from 'vitest';
import { metricMax, trendOf } from './trend';

describe('走势图 figures', () => {
  // Newest first: the last draw is [2, 2, 5], the one before [2, 3, 5], then [1, 2, 5], then [6, 6, 6].
  const draws = [
    [2, 2, 5],
    [2, 3, 5],
    [1, 2, 5],
    [6, 6, 6],
  ];

  it('counts omission, frequency and the longest run per position and value', () => {
    const rows = trendOf('dice', draws, 30);
    expect(rows.map((r) => r.position)).toEqual(['第一骰', '第二骰', '第三骰']);
    const first = rows[0]!.cells;
    expect(first.find((c) => c.value === 2)).toEqual({
      value: 2,
      omission: 0,
      count: 2,
      maxRun: 2,
    });
    expect(first.find((c) => c.value === 1)).toEqual({
      value: 1,
      omission: 2,
      count: 1,
      maxRun: 1,
    });
    expect(first.find((c) => c.value === 6)).toEqual({
      value: 6,
      omission: 3,
      count: 1,
      maxRun: 1,
    });
    // Never shown in the window: omitted for every draw of it.
    expect(first.find((c) => c.value === 4)).toEqual({
      value: 4,
      omission: 4,
      count: 0,
      maxRun: 0,
    });
    // Second position: 2, 3, 2, 6 — two 2s, not in a row.
    expect(rows[1]!.cells.find((c) => c.value === 2)).toMatchObject({ count: 2, maxRun: 1 });
    expect(rows[2]!.cells.find((c) => c.value === 5)).toMatchObject({
      omission: 0,
      count: 3,
      maxRun: 3,
    });
    expect(metricMax(rows, 'maxRun')).toBe(3);
    expect(metricMax(rows, 'omission')).toBe(4);
  });

  it('looks only at the window asked for', () => {
    const rows = trendOf('dice', draws, 2);
    expect(rows[2]!.cells.find((c) => c.value === 5)).toMatchObject({ count: 2, maxRun: 2 });
    expect(rows[0]!.cells.find((c) => c.value === 6)).toMatchObject({ omission: 2, count: 0 });
  });

  it('names the positions and values of PK10 and 时时彩', () => {
    const pk = trendOf('cars', [[3, 9, 2, 8, 4, 5, 7, 6, 10, 1]], 30);
    expect(pk).toHaveLength(10);
    expect(pk[9]!.position).toBe('第十名');
    expect(pk[0]!.cells.map((c) => c.value)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(pk[0]!.cells[2]).toMatchObject({ value: 3, count: 1, omission: 0 });
    const ssc = trendOf('digits', [[0, 1, 2, 3, 4]], 50);
    expect(ssc.map((r) => r.position)).toEqual(['万位', '千位', '百位', '十位', '个位']);
    expect(ssc[0]!.cells[0]).toMatchObject({ value: 0, count: 1 });
    expect(metricMax(trendOf('digits', [], 30), 'count')).toBe(1);
  });
});
