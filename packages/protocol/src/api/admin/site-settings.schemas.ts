/*
 * Over 300 lines on purpose: one table of every site setting with its schema, read as a whole
 * by the server's settings service (which holds the defaults) and the console's editor.
 */
import { z } from 'zod';
import { ONLINE_DEPOSIT_CHANNELS } from '../../constants/constants';
import { text } from '../../rules/text';
import { venueFamilies } from '../../venue/registry';
import { moneyString } from '../core/common';
import { RealityCheckMinutes } from '../responsible-gaming/responsible-gaming.schemas';

/** 试玩 (docs/contract.md §6 Demo play): on or off, how long a session lasts, which venues. */
export const demoSettingSchemas = {
  demoEnabled: z.boolean(),
  demoSessionMinutes: z.number().int().min(5).max(240),
  demoVenueCodes: z.array(text().regex(/^[A-Z][A-Z0-9_]{1,15}$/)).max(20),
} as const;

/**
 * Site settings: rows the operator changes at run time, one row per key (contract §1). Each
 * key has a schema and a default; the first start seeds the defaults (some from the env).
 */
export const SiteStatus = z.object({
  /** open: normal; maintenance: API answers 6032; stopped: pre-info says status 0. */
  status: z.enum(['open', 'maintenance', 'stopped']),
  message: text().max(500),
  startTime: text().nullable(),
  endTime: text().nullable(),
});

// Settings amounts are shown on the wire (channel limits, rates), so they keep its cap.
const money = moneyString;

export const DepositChannelSetting = z.object({
  id: text().regex(/^[a-z0-9-]{2,40}$/),
  type: z.enum(['bank', 'usdt', ...ONLINE_DEPOSIT_CHANNELS]),
  name: text().min(1).max(40),
  enabled: z.boolean(),
  min: money,
  max: money,
  quickAmounts: z.array(money).max(8),
  receiving: z
    .object({
      bankName: text().max(40).optional(),
      accountNo: text().max(64).optional(),
      accountName: text().max(40).optional(),
      network: z.enum(['TRC20', 'ERC20']).optional(),
      address: text().max(80).optional(),
    })
    .nullable(),
});
export type DepositChannelSetting = z.infer<typeof DepositChannelSetting>;

/** A link members follow: http(s), an in-site path, or '' for none. */
export function isServiceLink(value: string): boolean {
  if (value === '') return true;
  if (/^\/(?![/\\])\S*$/.test(value)) return true;
  try {
    const u = new URL(value);
    return (u.protocol === 'https:' || u.protocol === 'http:') && !/\s/.test(value);
  } catch {
    return false;
  }
}
const serviceLink = text()
  .trim()
  .max(500)
  .refine(isServiceLink, '须为 http(s) 地址、站内路径或留空');
const httpsLink = text()
  .trim()
  .max(500)
  .refine(
    (v) => v === '' || (isServiceLink(v) && v.startsWith('https://')),
    '须为 https 地址或留空',
  );

/** A customer-service account on a chat app. */
export const CsChannelSetting = z.object({
  kind: z.enum(['telegram', 'whatsapp', 'qq', 'wechat']),
  account: text().trim().min(1).max(64),
  link: httpsLink,
  /** WeChat: the text of its QR code (a weixin:// or https link, or the id itself). */
  qr: text().trim().max(300),
  note: text().trim().max(60),
  /** Listed on /customer/instead (备用) rather than /customer/main. */
  backup: z.boolean(),
});
export type CsChannelSetting = z.infer<typeof CsChannelSetting>;

export const settingSchemas = {
  siteTitle: text().min(1).max(60),
  logoUrl: text().max(300),
  faviconUrl: text().max(300),
  siteStatus: SiteStatus,
  stopLogin: z.boolean(),
  stopRegister: z.boolean(),
  festivalSkin: text().max(40).nullable(),
  siteVideo: z.object({ activeUrl: text().max(300), skinOpen: z.boolean() }),
  addresses: z.array(text().max(200)).max(20),
  disablePhones: z.array(text().max(6)).max(300),
  phoneCountries: z.array(z.object({ code: text().max(6), name: text().max(40) })).max(300),
  /** Regions (keys of region_ranges) the site does not serve: 6033. */
  blockedRegions: z.array(text().max(40)).max(300),
  tenant: z.boolean(),
  downloadOnly: z.boolean(),
  /** Whether registration needs an image captcha. */
  registerCaptcha: z.boolean(),
  /** Failed logins of a name before login needs a captcha; 0 = never. */
  loginCaptchaAfter: z.number().int().min(0).max(100),
  /** Failed logins of a name from one network before that network is locked out. */
  loginLockAfter: z.number().int().min(1).max(100),
  loginLockMinutes: z.number().int().min(1).max(1440),
  /** Registrations per hour from one address, and from one /24 (IPv4) or /64 (IPv6) block. */
  registerPerAddressHour: z.number().int().min(1).max(10000),
  registerPerBlockHour: z.number().int().min(1).max(100000),
  /** Image captchas one address may fetch per minute. */
  captchaPerAddressMinute: z.number().int().min(1).max(100000),
  depositChannels: z.array(DepositChannelSetting).max(30),
  /** CNY per USDT, applied to USDT deposits (rounded down to the fen). */
  usdtRate: money,
  /** CNY per COIN. */
  coinRate: money,
  coinBuyMin: z.number().int().min(1),
  coinBuyMax: z.number().int().min(1),
  /** Turnover required per credited deposit: multiplier × amount (0 disables). */
  turnoverMultiplier: money,
  /** Hours before a new payout account can receive withdrawals (0 disables). */
  payoutCooloffHours: z.number().int().min(0).max(720),
  withdrawMin: money,
  withdrawMax: money,
  withdrawDailyMax: money,
  /** Maximum payout accounts per type. */
  paymentAccountCap: z.number().int().min(1).max(20),
  /** Publish the API docs at /docs even in production (`DOCS=on` does the same from the environment). */
  apiDocs: z.boolean(),
  /** Operators must log in with a TOTP second factor (those without one may only enrol). */
  adminTotpRequired: z.boolean(),
  /** Four eyes (contract §4.1): money / promotion actions above these need a second operator. */
  fourEyesMoneyThreshold: money,
  fourEyesPromoThreshold: money,
  /** Manual points adjustments above this many points need a second operator (contract §4.1). */
  fourEyesPointsThreshold: z.number().int().min(0).max(1_000_000_000),
  /** All chat rooms in maintenance (AllRoomMaintain). */
  chatMaintain: z.object({ maintain: z.boolean(), message: text().max(200) }),
  /** Game families in maintenance (launch and transfers in answer 6013; recalls still work). */
  venueFamiliesMaintenance: z.array(z.enum(venueFamilies)).max(7),
  /** Valid turnover: a bet whose odds are below this (Europe, thousandths) counts nothing. */
  turnoverMinOddsMilli: z.number().int().min(1001).max(100_000),
  /** The site currency's one Chinese name, used by every message that names it. */
  currencyName: text().trim().min(1).max(8),
  /** The online-service page (vvPretty `csUrl`); '' when there is none. */
  csUrl: serviceLink,
  /** The backup online-service page (/customer/instead); '' when there is none. */
  csBackupUrl: serviceLink,
  /** Open the online service inside the site's frame or in a new window. */
  csOpenMode: z.enum(['frame', 'window']),
  csChannels: z.array(CsChannelSetting).max(20),
  csHours: text().trim().max(40),
  /** Operator-built app packages for the download page; '' when there is none. */
  appIosUrl: httpsLink,
  appAndroidUrl: httpsLink,
  /** Feedback a member may send per hour (a rate limit: 9320). */
  feedbackPerHour: z.number().int().min(1).max(100),
  /** Transfer orders a member may place per minute (a rate limit: 7029, contract §6). */
  transferOrdersPerMinute: z.number().int().min(1).max(100_000),
  /**
   * Responsible gambling (contract §5): hours before a member may confirm raising or removing
   * one of their limits (never under the 24 regulators require), and the reality-check interval
   * of members who did not choose one.
   */
  rgCoolingOffHours: z.number().int().min(24).max(720),
  rgRealityCheckMinutes: RealityCheckMinutes,
  /**
   * Minutes without a request after which an operator's console session ends; never above
   * the server's CONSOLE_IDLE_MINUTES (its default and ceiling, 9787 above it).
   */
  consoleIdleMinutes: z.number().int().min(1).max(720),
  ...demoSettingSchemas,
} as const;

export type SettingKey = keyof typeof settingSchemas;
export type SiteSettings = { [K in SettingKey]: z.infer<(typeof settingSchemas)[K]> };

export const SiteSettingsPatch = z
  .object(
    Object.fromEntries(Object.entries(settingSchemas).map(([k, s]) => [k, s.optional()])) as {
      [K in SettingKey]: z.ZodOptional<(typeof settingSchemas)[K]>;
    },
  )
  .strict();
export type SiteSettingsPatch = Partial<SiteSettings>;
