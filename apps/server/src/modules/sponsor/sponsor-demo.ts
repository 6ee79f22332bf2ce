import type { SponsorInput } from './sponsor.repository';

/** Demo sponsorships for the embedded default (operator data: names are the demo site's own). */
export const DEMO_SPONSORS: SponsorInput[] = [
  {
    title: '星云杯城市足球联赛',
    imageUrl: '/static/sponsors/city-league.svg',
    summary: '冠名赞助 2026 赛季城市业余足球联赛，覆盖 16 支球队、120 场比赛。',
    body: '我们作为冠名赞助商支持 2026 赛季星云杯城市足球联赛。联赛面向业余球队，分春季和秋季两个阶段，共 16 支球队参加、120 场比赛。\n\n赞助内容包括：全部比赛的场地与裁判费用、决赛日的现场直播，以及每轮最佳球员奖金。会员可以在体育场馆中找到联赛的专题盘口。',
    startsOn: '2026-03-01',
    endsOn: '2026-11-30',
    sort: 10,
    enabled: true,
  },
  {
    title: '星云电竞邀请赛',
    imageUrl: '/static/sponsors/esports-cup.svg',
    summary: '独家赞助年度电竞邀请赛，8 支战队角逐总奖金池。',
    body: '年度电竞邀请赛邀请 8 支职业战队参加，采用小组循环加淘汰赛赛制，全程在线直播。\n\n作为独家赞助商，我们提供赛事奖金池并在聊天室开设赛事专属房间，会员可以边看比赛边交流。',
    startsOn: '2026-06-15',
    endsOn: null,
    sort: 20,
    enabled: true,
  },
  {
    title: '青少年篮球训练营',
    imageUrl: '/static/sponsors/youth-basketball.svg',
    summary: '公益支持青少年暑期篮球训练营，为 300 名学生提供免费训练。',
    body: '这是一项公益赞助：我们支持暑期青少年篮球训练营，为 300 名中学生提供为期四周的免费专业训练、装备和保险。\n\n本项目只涉及体育公益，不包含任何博彩推广内容。',
    startsOn: '2025-07-01',
    endsOn: '2025-08-31',
    sort: 30,
    enabled: true,
  },
];
