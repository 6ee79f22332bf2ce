import type { EsportsTitle, Sport } from '@nebula/protocol/venue/markets';

export type Chip =
  | { kind: 'sport'; sport: Sport | undefined; label: string }
  | { kind: 'title'; title: EsportsTitle | undefined; label: string };

/** 足球, 篮球 for a sports venue; 全部, CS2, LoL, Dota 2 for an esports one. */
export function chipsOf(family: 'TY' | 'DJ'): Chip[] {
  if (family === 'DJ') {
    return [
      { kind: 'title', title: undefined, label: '全部' },
      { kind: 'title', title: 'cs2', label: 'CS2' },
      { kind: 'title', title: 'lol', label: 'LoL' },
      { kind: 'title', title: 'dota2', label: 'Dota 2' },
    ];
  }
  return [
    { kind: 'sport', sport: 'football', label: '足球' },
    { kind: 'sport', sport: 'basketball', label: '篮球' },
  ];
}
