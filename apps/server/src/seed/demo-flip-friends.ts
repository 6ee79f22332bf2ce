import type { ActivityCreateRequest } from '@nebula/protocol';
import type { Db } from '@nebula/db';
import type { ActivityAdminService } from '../modules/activity/activity-admin.service';
import { claimSeed } from './demo-seed.repository';

const DAY_MS = 24 * 3600_000;

/** The embedded demo's 幸运翻牌 and friend activities (contract §5 Rewards), for a year. */
export function demoFlipFriendsActivities(now: number): ActivityCreateRequest[] {
  const dates = { startsAt: now - DAY_MS, endsAt: now + 365 * DAY_MS };
  const eligibility = { requireRealName: false, minVipLevel: 0 };
  return [
    {
      kind: 'luckyFlip',
      title: '幸运翻牌 天天有奖',
      pictureUrl: '/static/activities/lucky-flip.svg',
      rulesText:
        '1. 活动期间每存款 100 元或每有效投注 1,000 元获得 1 次翻牌机会，每人最多 50 次。\n2. 奖品按权重抽取，数量有限，抽完即止。\n3. 结果由您的种子对计算，可随时更换服务端种子并验证每一次翻牌。\n4. 彩金需完成 1 倍有效投注方可提款。',
      ...dates,
      rule: {
        depositPerChance: '100',
        turnoverPerChance: '1000',
        maxChances: 50,
        turnoverMultiple: 1,
        prizes: [
          { id: 'grand', label: '888元', amount: '888', weight: 1, stock: 3 },
          { id: 'big', label: '88元', amount: '88', weight: 20, stock: 50 },
          { id: 'mid', label: '18元', amount: '18', weight: 150, stock: null },
          { id: 'small', label: '5元', amount: '5', weight: 400, stock: null },
          { id: 'tiny', label: '1元', amount: '1', weight: 300, stock: null },
          { id: 'none', label: '谢谢参与', amount: '0', weight: 129, stock: null },
        ],
      },
      eligibility,
      status: 'active',
    },
    {
      kind: 'friendInvite',
      title: '邀请好友 每位送 38 元',
      pictureUrl: '/static/activities/friend-invitation.svg',
      rulesText:
        '1. 好友通过您的邀请链接或邀请码注册。\n2. 好友首存 100 元起，且注册后 7 天内有效投注满 500 元，您获得 38 元。\n3. 每位好友奖励一次；通过代理推广码注册的不参与本活动。\n4. 奖励需完成 1 倍有效投注方可提款。',
      ...dates,
      rule: {
        minFirstDeposit: '100',
        minTurnover: '500',
        turnoverDays: 7,
        reward: '38',
        turnoverMultiple: 1,
      },
      eligibility,
      status: 'active',
    },
    {
      kind: 'friendPeakBet',
      title: '好友最高投注 最高送 588 元',
      pictureUrl: '/static/activities/friend-peak-bet.svg',
      rulesText:
        '1. 您邀请的好友注册后 30 天内，单笔最高有效投注（已结算）按档位奖励您。\n2. 单笔 ≥ 100 元送 8 元，≥ 1,000 元送 58 元，≥ 10,000 元送 588 元。\n3. 好友 30 天期满后自动发放，每位好友一次。',
      ...dates,
      rule: {
        days: 30,
        tiers: [
          { minStake: '100', reward: '8' },
          { minStake: '1000', reward: '58' },
          { minStake: '10000', reward: '588' },
        ],
        turnoverMultiple: 1,
      },
      eligibility,
      status: 'active',
    },
  ];
}

/** Seeds them once per database; true when they were added. */
export async function seedDemoFlipFriends(
  db: Db,
  admin: ActivityAdminService,
  now: number,
): Promise<boolean> {
  return db.tx(async (q) => {
    if (!(await claimSeed(q, 'demo-flip-friends-v1'))) return false;
    for (const a of demoFlipFriendsActivities(now)) await admin.seed(q, a);
    return true;
  });
}
