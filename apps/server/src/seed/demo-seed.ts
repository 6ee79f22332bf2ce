import { ErrorCode } from '@nebula/protocol';
import type { Db } from '@nebula/db';
import { AppError } from '../lib/errors';
import type { PasswordService } from '../modules/auth/password.service';
import type { RegistrationService } from '../modules/auth/registration.service';
import { claimSeed as claim, insertDemoContent, insertDemoVenues } from './demo-seed.repository';

const naming: [string, string][] = [
  ['TY', '体育'],
  ['ZR', '真人'],
  ['DJ', '电竞'],
  ['CP', '彩票'],
  ['QP', '棋牌'],
  ['DZ', '电子'],
  ['BY', '捕鱼'],
];

const notices: [number, string, string][] = [
  [1, '欢迎光临', '欢迎来到星云体育！新会员注册即可参与首存优惠，详情请查看优惠活动页面。'],
  [1, '防骗提醒', '官方客服不会向您提供任何私人银行卡号，请勿向陌生账户转账，谨防诈骗。'],
  [1, '维护通知', '部分电子游艺场馆将于每周三凌晨 02:00–04:00 例行维护，届时暂停进入。'],
  [
    2,
    '关于账户安全的公告',
    '为保障您的资金安全，请设置资金密码并绑定手机号；请勿将账号密码告知他人。',
  ],
  [2, '存款通道说明', '银行转账请务必填写正确的存款人姓名，到账时间通常为 1–10 分钟。'],
  [2, '理性娱乐', '本平台倡导理性娱乐，您可以在个人中心设置存款限额或申请暂停服务。'],
  [3, '周末体育加赠', '每周六、周日投注体育赛事，有效流水达标即可领取额外彩金。'],
];

const ads: [string, string, string][] = [
  ['新会员首存礼遇', '/static/banners/banner-1.svg', '/activity/discount'],
  ['体育赛事 精彩不停', '/static/banners/banner-2.svg', '/game/sport'],
  ['邀请好友 共享奖励', '/static/banners/banner-3.svg', '/activity/friendInvitation'],
];

/** Demo content for the embedded default: a site that looks alive on first start. */
export async function seedDemoContent(db: Db): Promise<boolean> {
  return db.tx(async (q) => {
    if (!(await claim(q, 'demo-content-v1'))) return false;
    await insertDemoContent(q, { naming, notices, ads });
    return true;
  });
}

/**
 * The house venue under each dialect (contract §6): names are operator data, never a real
 * provider's brand. Codes are the ones the house venue serves by default (VENUE_CODES).
 */
const demoVenues: [string, 'TY' | 'DJ', string, 'IMTY' | 'YBTY' | 'FBTY' | 'OBTY'][] = [
  ['IMTY', 'TY', '星云体育·IM', 'IMTY'],
  ['YBTY', 'TY', '星云体育·YB', 'YBTY'],
  ['FBTY', 'TY', '星云体育·FB', 'FBTY'],
  ['OBTY', 'TY', '星云体育·OB', 'OBTY'],
  ['IMDJ', 'DJ', 'IM电竞', 'IMTY'],
  ['YBDJ', 'DJ', 'YB电竞', 'YBTY'],
  ['LHDJ', 'DJ', '雷火电竞', 'FBTY'],
];

/**
 * The house game venues (contract §6): one per game family the house venue serves, dialect
 * null (their pages call the venue's games API). Sorted after the sports venues.
 */
const demoGameVenues: [string, 'CP' | 'ZR' | 'DZ', string][] = [
  ['XYCP', 'CP', '星云彩票'],
  ['XYZR', 'ZR', '星云真人'],
  ['XYDZ', 'DZ', '星云电子'],
];

/**
 * The demo registry: the house venue at `origin` (public) and `apiUrl` (server side). Each set
 * has its own claim, so an install seeded before the game venues existed gets them once (and
 * a venue an operator removed or edited since is left as they made it). True when anything
 * was added.
 */
export async function seedDemoVenues(
  db: Db,
  at: { origin: string; apiUrl: string; merchantCode?: string },
  now = Date.now(),
): Promise<boolean> {
  const row = (code: string, sort: number) => ({
    code,
    logo: `/static/venues/${code.toLowerCase()}.svg`,
    origin: at.origin,
    apiUrl: at.apiUrl,
    merchantCode: at.merchantCode ?? 'NEBULA',
    sort,
  });
  const sports = await db.tx(async (q) => {
    if (!(await claim(q, 'demo-venues-v1'))) return false;
    await insertDemoVenues(
      q,
      demoVenues.map(([code, family, name, dialect], i) => ({
        ...row(code, (i + 1) * 10),
        family,
        name,
        dialect,
      })),
      now,
    );
    return true;
  });
  const games = await db.tx(async (q) => {
    if (!(await claim(q, 'demo-game-venues-v1'))) return false;
    await insertDemoVenues(
      q,
      demoGameVenues.map(([code, family, name], i) => ({
        ...row(code, (demoVenues.length + i + 1) * 10),
        family,
        name,
        dialect: null,
      })),
      now,
    );
    return true;
  });
  return sports || games;
}

export const DEMO_MEMBER = { userName: 'demo888', password: 'Nebula-demo-2026' } as const;

/**
 * The demo member: registered through the real registration path (captcha skipped since this
 * is the server itself), once. Returns its login for the start-up banner only when that login
 * really works; any failure other than "already registered" stops the start.
 */
export async function seedDemoMember(auth: {
  registration: Pick<RegistrationService, 'registerTrusted'>;
  passwords: Pick<PasswordService, 'credentialsWork'>;
}): Promise<{ userName: string; password: string } | null> {
  try {
    await auth.registration.registerTrusted(
      { userName: DEMO_MEMBER.userName, password: DEMO_MEMBER.password },
      {
        deviceId: 'demo-seed-device',
        ip: '127.0.0.1',
        userAgent: 'seed',
      },
    );
  } catch (err) {
    // Registered on an earlier start (or by another node): checked below like a fresh one.
    if (!(err instanceof AppError && err.code === ErrorCode.UsernameTaken)) throw err;
  }
  // The password may have been changed or the member blocked since: then the banner stays quiet.
  return (await auth.passwords.credentialsWork(DEMO_MEMBER.userName, DEMO_MEMBER.password))
    ? { ...DEMO_MEMBER }
    : null;
}
