import { describe, expect, it } from 'vitest';
import {
  formatLine,
  isQuarterLine,
  marketId,
  marketLabel,
  parseSelectionId,
  selectionId,
} from './markets';

describe('sportsbook vocabulary', () => {
  it('names a market and a selection, and reads the selection back', () => {
    const key = { matchId: '1042', period: 'ft', kind: 'ah', line100: -25 } as const;
    expect(marketId(key)).toBe('1042:ft:ah:-25');
    const id = selectionId({ ...key, outcome: 'home' });
    expect(id).toBe('1042:ft:ah:-25:home');
    expect(parseSelectionId(id)).toEqual({ ...key, outcome: 'home' });
    expect(parseSelectionId('7:1h:1x2:draw')).toEqual({
      matchId: '7',
      period: '1h',
      kind: '1x2',
      line100: null,
      outcome: 'draw',
    });
  });

  it.each([
    '1042:ft:ah:home', // a handicap needs its line
    '1042:ft:1x2:0:home', // 1x2 has none
    '1042:ft:ah:-30:home', // not a quarter step
    '1042:ft:ou:250:home', // home is not an over/under outcome
    '1042:2h:ou:250:over',
    '10 42:ft:ou:250:over',
    '1042:ft:ou:0250:over',
    '',
  ])('refuses %j', (id) => {
    expect(parseSelectionId(id)).toBeNull();
  });

  it('shows lines the Asian way', () => {
    expect(formatLine(250)).toBe('2.5');
    expect(formatLine(0)).toBe('0');
    expect(formatLine(-25)).toBe('-0/0.5');
    expect(formatLine(75)).toBe('0.5/1');
    expect(formatLine(-550)).toBe('-5.5');
    expect(formatLine(225)).toBe('2/2.5');
    expect(isQuarterLine(-75)).toBe(true);
    expect(isQuarterLine(-50)).toBe(false);
  });

  it('labels markets per sport and period', () => {
    expect(marketLabel('football', '1h', 'ah')).toBe('半场让球');
    expect(marketLabel('basketball', 'ft', 'ou')).toBe('总分');
    expect(marketLabel('esports', 'ft', 'ah')).toBe('地图让分');
  });
});
