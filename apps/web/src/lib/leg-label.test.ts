import { describe, expect, it } from 'vitest';
import { legLabel } from './leg-label';

describe('legLabel', () => {
  it('joins market and selection, and says a game leg named like its market once', () => {
    expect(legLabel({ market: '全场独赢', selection: '主胜' })).toBe('全场独赢 · 主胜');
    expect(legLabel({ market: '和值', selection: '10' }, ' ')).toBe('和值 10');
    expect(legLabel({ market: '庄', selection: '庄' })).toBe('庄');
    expect(legLabel({ market: '', selection: '大' })).toBe('大');
  });
});
