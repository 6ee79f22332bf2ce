import type { EsportsTitle, Sport } from '@nebula/protocol/venue/markets';

/**
 * The house venue's catalogue: leagues Chinese members follow, with teams and ratings the
 * pricing models read. Football: attack and defence strengths relative to the league's average
 * (1 = average; a defence below 1 concedes less). Basketball: points scored and allowed per
 * game. Esports: Elo ratings (400 points = 10:1 per map).
 */
export interface FootballTeam {
  name: string;
  attack: number;
  defence: number;
}
export interface BasketballTeam {
  name: string;
  offence: number;
  defence: number;
}
export interface EsportsTeam {
  name: string;
  elo: number;
}

interface LeagueBase {
  id: string;
  name: string;
  /** Kick-off times (Asia/Shanghai, minutes after midnight) its matches are scheduled at. */
  slots: readonly number[];
}
export interface FootballLeague extends LeagueBase {
  sport: 'football';
  /** Goals per game of an average side at home and away. */
  homeGoals: number;
  awayGoals: number;
  teams: readonly FootballTeam[];
}
export interface BasketballLeague extends LeagueBase {
  sport: 'basketball';
  homeEdge: number;
  teams: readonly BasketballTeam[];
}
export interface EsportsLeague extends LeagueBase {
  sport: 'esports';
  title: EsportsTitle;
  bestOf: 1 | 3 | 5;
  teams: readonly EsportsTeam[];
}
export type League = FootballLeague | BasketballLeague | EsportsLeague;

const f = (name: string, attack: number, defence: number): FootballTeam => ({
  name,
  attack,
  defence,
});
const b = (name: string, offence: number, defence: number): BasketballTeam => ({
  name,
  offence,
  defence,
});
const e = (name: string, elo: number): EsportsTeam => ({ name, elo });
const at = (h: number, m = 0) => h * 60 + m;

export const LEAGUES: readonly League[] = [
  {
    id: 'csl',
    sport: 'football',
    name: '中超联赛',
    slots: [at(15, 30), at(19, 35), at(20, 0)],
    homeGoals: 1.55,
    awayGoals: 1.2,
    teams: [
      f('上海海港', 1.35, 0.8),
      f('上海申花', 1.3, 0.78),
      f('成都蓉城', 1.22, 0.85),
      f('北京国安', 1.18, 0.9),
      f('山东泰山', 1.15, 0.92),
      f('天津津门虎', 1.0, 0.98),
      f('浙江队', 1.05, 1.05),
      f('河南队', 0.95, 1.0),
      f('长春亚泰', 0.88, 1.12),
      f('武汉三镇', 0.92, 1.1),
      f('青岛海牛', 0.85, 1.08),
      f('梅州客家', 0.86, 1.15),
      f('青岛西海岸', 0.82, 1.1),
      f('沧州雄狮', 0.84, 1.16),
      f('深圳新鹏城', 0.8, 1.2),
      f('南通支云', 0.8, 1.18),
    ],
  },
  {
    id: 'epl',
    sport: 'football',
    name: '英格兰超级联赛',
    slots: [at(20, 30), at(23, 0), at(3, 0)],
    homeGoals: 1.6,
    awayGoals: 1.3,
    teams: [
      f('曼城', 1.45, 0.72),
      f('阿森纳', 1.35, 0.7),
      f('利物浦', 1.42, 0.76),
      f('切尔西', 1.2, 0.92),
      f('纽卡斯尔联', 1.15, 0.9),
      f('阿斯顿维拉', 1.14, 0.95),
      f('热刺', 1.18, 1.02),
      f('曼联', 1.02, 1.0),
      f('布莱顿', 1.08, 1.02),
      f('西汉姆联', 0.98, 1.1),
      f('水晶宫', 0.92, 1.0),
      f('富勒姆', 0.95, 1.04),
      f('伯恩茅斯', 0.96, 1.06),
      f('布伦特福德', 1.0, 1.1),
      f('诺丁汉森林', 0.9, 1.02),
      f('狼队', 0.9, 1.14),
      f('埃弗顿', 0.82, 1.04),
      f('莱斯特城', 0.86, 1.2),
      f('伊普斯维奇', 0.8, 1.25),
      f('南安普顿', 0.76, 1.28),
    ],
  },
  {
    id: 'laliga',
    sport: 'football',
    name: '西班牙甲级联赛',
    slots: [at(21, 0), at(23, 15), at(1, 30), at(4, 0)],
    homeGoals: 1.5,
    awayGoals: 1.15,
    teams: [
      f('皇家马德里', 1.45, 0.74),
      f('巴塞罗那', 1.48, 0.8),
      f('马德里竞技', 1.2, 0.76),
      f('毕尔巴鄂竞技', 1.08, 0.86),
      f('比利亚雷亚尔', 1.12, 1.02),
      f('皇家贝蒂斯', 1.0, 0.98),
      f('皇家社会', 0.98, 0.9),
      f('塞维利亚', 0.95, 1.02),
      f('赫罗纳', 1.04, 1.08),
      f('瓦伦西亚', 0.86, 1.05),
      f('塞尔塔', 1.0, 1.1),
      f('奥萨苏纳', 0.92, 1.04),
    ],
  },
  {
    id: 'jleague',
    sport: 'football',
    name: '日本职业足球联赛',
    slots: [at(13, 0), at(14, 0), at(18, 0)],
    homeGoals: 1.45,
    awayGoals: 1.2,
    teams: [
      f('神户胜利船', 1.2, 0.85),
      f('广岛三箭', 1.18, 0.82),
      f('町田泽维亚', 1.05, 0.84),
      f('鹿岛鹿角', 1.1, 0.9),
      f('川崎前锋', 1.15, 1.0),
      f('横滨水手', 1.12, 1.08),
      f('浦和红钻', 1.0, 0.95),
      f('大阪钢巴', 0.98, 0.9),
      f('名古屋鲸八', 0.92, 1.0),
      f('大阪樱花', 0.95, 1.05),
    ],
  },
  {
    id: 'cba',
    sport: 'basketball',
    name: 'CBA 中国男子篮球职业联赛',
    slots: [at(19, 35), at(20, 0)],
    homeEdge: 3,
    teams: [
      b('辽宁本钢', 104, 92),
      b('广东东阳光', 103, 95),
      b('浙江方兴渡', 102, 94),
      b('上海久事', 101, 96),
      b('北京首钢', 98, 95),
      b('新疆伊力特', 100, 98),
      b('山东高速', 99, 99),
      b('深圳马可波罗', 97, 98),
      b('浙江稠州金租', 98, 97),
      b('青岛国信水产', 96, 100),
    ],
  },
  {
    id: 'nba',
    sport: 'basketball',
    name: 'NBA 美国职业篮球联赛',
    slots: [at(8, 0), at(9, 30), at(11, 0)],
    homeEdge: 2.5,
    teams: [
      b('波士顿凯尔特人', 120, 109),
      b('俄克拉荷马城雷霆', 118, 106),
      b('丹佛掘金', 116, 111),
      b('克利夫兰骑士', 119, 110),
      b('纽约尼克斯', 116, 111),
      b('明尼苏达森林狼', 113, 108),
      b('洛杉矶湖人', 115, 114),
      b('金州勇士', 114, 112),
      b('达拉斯独行侠', 116, 114),
      b('密尔沃基雄鹿', 115, 113),
    ],
  },
  {
    id: 'cs2-major',
    sport: 'esports',
    title: 'cs2',
    name: 'CS2 完美世界上海 Major',
    slots: [at(16, 0), at(19, 0), at(22, 0)],
    bestOf: 3,
    teams: [
      e('Vitality', 1780),
      e('MOUZ', 1720),
      e('Spirit', 1730),
      e('NAVI', 1700),
      e('FaZe', 1680),
      e('G2', 1690),
      e('The MongolZ', 1670),
      e('Falcons', 1660),
      e('TYLOO', 1560),
      e('Lynn Vision', 1540),
    ],
  },
  {
    id: 'lpl',
    sport: 'esports',
    title: 'lol',
    name: '英雄联盟 LPL 职业联赛',
    slots: [at(17, 0), at(19, 0)],
    bestOf: 3,
    teams: [
      e('BLG', 1790),
      e('JDG', 1720),
      e('TES', 1730),
      e('WBG', 1670),
      e('LNG', 1660),
      e('IG', 1640),
      e('EDG', 1620),
      e('NIP', 1600),
      e('AL', 1630),
      e('OMG', 1580),
    ],
  },
  {
    id: 'lck',
    sport: 'esports',
    title: 'lol',
    name: '英雄联盟 LCK 冠军联赛',
    slots: [at(16, 0), at(18, 30)],
    bestOf: 3,
    teams: [
      e('Gen.G', 1800),
      e('T1', 1770),
      e('HLE', 1740),
      e('DK', 1680),
      e('KT', 1650),
      e('FOX', 1600),
      e('NS', 1570),
      e('BRO', 1540),
    ],
  },
  {
    id: 'dota2',
    sport: 'esports',
    title: 'dota2',
    name: 'DOTA2 国际邀请赛',
    slots: [at(12, 0), at(15, 0), at(18, 0)],
    bestOf: 3,
    teams: [
      e('Team Spirit', 1760),
      e('Team Liquid', 1750),
      e('Gaimin Gladiators', 1720),
      e('Tundra', 1710),
      e('Xtreme Gaming', 1700),
      e('Team Falcons', 1730),
      e('Azure Ray', 1650),
      e('LGD Gaming', 1620),
    ],
  },
];

export function leaguesOf(sport: Sport): League[] {
  return LEAGUES.filter((l) => l.sport === sport);
}
