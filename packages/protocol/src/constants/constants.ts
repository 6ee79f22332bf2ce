/** Business constants and limits of contract §8.5, named. Times are milliseconds unless named. */

export const SITE_ID = 6001;
export const CLIENT_TYPE = 'h5';
export const CLIENT_VERSION = '2.0.0';
export const DEFAULT_PLATFORM_TYPE = 6;

export const HEARTBEAT_INTERVAL_MS = 5000;
export const RECONNECT_DELAY_MS = 3000;
export const RECONNECT_MAX_ATTEMPTS = 5;
export const PLATFORM_COUNT_POLL_MS = 60000;

export const TITLE_MARQUEE_STEP_MS = 350;
export const TITLE_MARQUEE_MIN_LENGTH = 27;
export const MODAL_LEAVE_ANIMATION_MS = 300;
export const COUNTDOWN_TICK_MS = 1000;
export const MESSAGE_DEBOUNCE_MS = 350;
export const MESSAGE_DUPLICATE_GUARD_MS = 700;
export const DIALOG_WIDTH = 360;
export const DIALOG_COMPACT_BELOW_HEIGHT = 900;

export const ODDS_TYPE_MIN = 1;
export const ODDS_TYPE_MAX = 4;

/** Request timeout in the browser, and elsewhere (contract §8.5). */
export const REQUEST_TIMEOUT_BROWSER_MS = 100000;
export const REQUEST_TIMEOUT_OTHER_MS = 400;
export const CACHE_TTL_DEFAULT_MS = 3600000;

export const REMEMBER_COOKIE_DAYS = 365;
export const COOKIE_DAYS = 1;

export const PLATFORM_COUNT_RETRY_LIMIT = 2;
export const PLATFORM_COUNT_RETRY_DELAY_MS = 500;
export const PLATFORM_COUNT_DEBOUNCE_MS = 1000;
export const VENUE_RELAUNCH_DEBOUNCE_MS = 1000;

export const VENUE_LAUNCH_DEFAULTS = { siteId: SITE_ID, isPreload: true } as const;

export const NUMBER_FORMAT_LOCALE = 'en-US';
export const NUMBER_FORMAT_DECIMALS = 2;
export const FINGERPRINT_HASH_SEED = 31;
export const DEFAULT_COUNTRY_CODE = '86';

/** Referral code lifetimes (contract §8.4). */
export const REFERRAL_CODE_TTL_MS = {
  invite_code: 24 * 3600 * 1000,
  i_code: 12 * 3600 * 1000,
  r_code: 12 * 3600 * 1000,
  r_bet: 12 * 3600 * 1000,
} as const;
export type ReferralCodeName = keyof typeof REFERRAL_CODE_TTL_MS;

/** Signature window: a timestamp further off than this is refused (contract §2). */
export const SIGNATURE_WINDOW_MS = 5 * 60 * 1000;
/** sec/{id} keys are single use and live this long. */
export const SEC_KEY_TTL_MS = 60 * 1000;

/** The request headers of contract §2. */
export const Header = {
  ClientType: 'X-Client-Type',
  Version: 'X-Version',
  SiteId: 'X-Site-Id',
  Uuid: 'X-API-UUID',
  Sign: 'X-Sign',
  Timestamp: 'X-Timestamp',
  Token: 'X-API-TOKEN',
  UserHash: 'X-User-Hash',
  Idempotency: 'X-Idempotency-Key',
  AdminToken: 'X-Admin-Token',
} as const;

/** Storage keys of contract §8.2. */
export const StorageKey = {
  Token: 'X-API-TOKEN',
  Uuid: 'X-API-UUID',
  LoginInfo: 'loginInfo',
  SignBlob: 'signBlob',
  PreInfo: 'preInfo',
  IsGo: 'isGo',
  GrowCode: 'growCode',
  AgentVerify: 'agent_verify',
  VenueLaunchErrorPrefix: 'venueLaunchError:',
} as const;

/** The six platform families (contract §8). */
export const PLATFORM_FAMILIES = ['TY', 'DZ', 'DJ', 'ZR', 'CP', 'QP'] as const;
export type PlatformFamily = (typeof PLATFORM_FAMILIES)[number];

/** Asia/Shanghai: every day, week (from Monday) and month period (contract §1). */
export const BUSINESS_TIME_ZONE = 'Asia/Shanghai';

/** Notice categories: 1 marquee (scrolling), 2 announcement, 3 activity notice. */
export const NoticeCategory = { Marquee: 1, Announcement: 2, Activity: 3 } as const;
export type NoticeCategory = (typeof NoticeCategory)[keyof typeof NoticeCategory];

/** Deposit channels paid through an online gateway (contract §5); bank and USDT are confirmed by operators. */
export const ONLINE_DEPOSIT_CHANNELS = ['alipay', 'wechat', 'ebpay', 'koipay'] as const;
export type OnlineDepositChannel = (typeof ONLINE_DEPOSIT_CHANNELS)[number];
export function isOnlineDepositChannel(type: string): type is OnlineDepositChannel {
  return (ONLINE_DEPOSIT_CHANNELS as readonly string[]).includes(type);
}
