import type { ActivityCreateRequest } from '@nebula/protocol';
import type { Db } from '@nebula/db';
import type { ActivityAdminService } from '../modules/activity/activity-admin.service';
import { claimSeed } from './demo-seed.repository';

const DAY_MS = 24 * 3600_000;

/** The embedded demo's activities (contract §5 Activities), running for a year from the seed. */
export function demoActivities(now: number): ActivityCreateRequest[] {
  const dates = { startsAt: now - DAY_MS, endsAt: now + 365 * DAY_MS };
  const eligibility = { requireRealName: false, minVipLevel: 0 };
  return [
    {
      kind: 'firstDeposit',
      title: '新会员首存送 50%',
      pictureUrl: '/static/activities/first-deposit.svg',
      rulesText:
        '1. 首次存款 100 元起，即送存款金额 50% 的彩金，最高 888 元。\n2. 存款前点击「申请」，到账后自动发放；或到账后 72 小时内点击「领取」。\n3. 彩金需完成 (彩金) × 8 倍有效投注方可提款。\n4. 每位会员仅限一次。',
      ...dates,
      rule: {
        percentBp: 5000,
        minDeposit: '100.00',
        cap: '888.00',
        turnoverMultiple: 8,
        claimWindowHours: 72,
      },
      eligibility,
      status: 'active',
    },
    {
      kind: 'redeposit',
      title: '每日续存加赠 10%',
      pictureUrl: '/static/activities/redeposit.svg',
      rulesText:
        '1. 完成首存后，每日再次存款 200 元起，送存款金额 10% 的彩金，最高 288 元。\n2. 每日限一次，按北京时间计日。\n3. 彩金需完成 (彩金) × 5 倍有效投注方可提款。',
      ...dates,
      rule: {
        percentBp: 1000,
        minDeposit: '200.00',
        cap: '288.00',
        turnoverMultiple: 5,
        claimWindowHours: 24,
      },
      eligibility,
      status: 'active',
    },
    {
      kind: 'checkin',
      title: '每日签到 连签有礼',
      pictureUrl: '/static/activities/checkin.svg',
      rulesText:
        '1. 当日有效投注或存款满 100 元即可签到，每日一次（北京时间）。\n2. 连续签到 1、3、7、30 天分别获得 2、8、28、188 元彩金。\n3. 彩金需完成 1 倍有效投注方可提款。',
      ...dates,
      rule: {
        minDaily: '100.00',
        rewards: [
          { days: 1, amount: '2.00' },
          { days: 3, amount: '8.00' },
          { days: 7, amount: '28.00' },
          { days: 30, amount: '188.00' },
        ],
        turnoverMultiple: 1,
      },
      eligibility,
      status: 'active',
    },
  ];
}

/** Seeds the demo activities once per database; true when they were added. */
export async function seedDemoActivities(
  db: Db,
  admin: ActivityAdminService,
  now: number,
): Promise<boolean> {
  return db.tx(async (q) => {
    if (!(await claimSeed(q, 'demo-activities-v1'))) return false;
    for (const a of demoActivities(now)) await admin.seed(q, a);
    return true;
  });
}
