import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sports } from '@nebula/protocol/venue/markets';
import { describe, expect, it } from 'vitest';

/**
 * The demo's home page promises only what a member can play: every ball sport its texts and
 * banners name is one the house venue offers (a banner once promised 网球, which no venue had).
 */
const SPORT_WORDS: Record<string, string> = {
  足球: 'football',
  篮球: 'basketball',
  网球: 'tennis',
  排球: 'volleyball',
  棒球: 'baseball',
  冰球: 'ice-hockey',
  羽毛球: 'badminton',
  乒乓球: 'table-tennis',
  橄榄球: 'rugby',
  斯诺克: 'snooker',
};
const web = path.resolve(import.meta.dirname, '../../..');
const sources = [
  path.join(web, 'src/i18n/zh-CN/home.json'),
  ...readdirSync(path.join(web, 'public/static/banners')).map((f) =>
    path.join(web, 'public/static/banners', f),
  ),
];

describe('the demo home promises only sports the venue offers', () => {
  it.each(sources.map((s) => [path.relative(web, s), s]))('%s', (_name, file) => {
    const text = readFileSync(file, 'utf8');
    const offered = new Set<string>(sports);
    const promised = Object.entries(SPORT_WORDS)
      .filter(([word]) => text.includes(word))
      .map(([, sport]) => sport);
    expect(promised.filter((s) => !offered.has(s))).toEqual([]);
  });
});
