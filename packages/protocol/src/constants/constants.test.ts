import { describe, expect, it } from 'vitest';
import * as c from './constants';
import { USERNAME_MAX, USERNAME_MIN, USERNAME_PATTERN } from '../rules/validation';

/** Every contract §8.5 value, so a change to a constant is a visible, deliberate test change. */
describe('contract §8.5 constants', () => {
  it.each<[string, unknown, unknown]>([
    ['heartbeat', c.HEARTBEAT_INTERVAL_MS, 5000],
    ['reconnect delay', c.RECONNECT_DELAY_MS, 3000],
    ['reconnect attempts', c.RECONNECT_MAX_ATTEMPTS, 5],
    ['platform count poll', c.PLATFORM_COUNT_POLL_MS, 60000],
    ['marquee step', c.TITLE_MARQUEE_STEP_MS, 350],
    ['marquee minimum length', c.TITLE_MARQUEE_MIN_LENGTH, 27],
    ['modal leave animation', c.MODAL_LEAVE_ANIMATION_MS, 300],
    ['countdown tick', c.COUNTDOWN_TICK_MS, 1000],
    ['message debounce', c.MESSAGE_DEBOUNCE_MS, 350],
    ['duplicate guard', c.MESSAGE_DUPLICATE_GUARD_MS, 700],
    ['dialog width', c.DIALOG_WIDTH, 360],
    ['dialog compact below', c.DIALOG_COMPACT_BELOW_HEIGHT, 900],
    ['odds type min', c.ODDS_TYPE_MIN, 1],
    ['odds type max', c.ODDS_TYPE_MAX, 4],
    ['browser timeout', c.REQUEST_TIMEOUT_BROWSER_MS, 100000],
    ['other timeout', c.REQUEST_TIMEOUT_OTHER_MS, 400],
    ['cache ttl', c.CACHE_TTL_DEFAULT_MS, 3600000],
    ['platformType', c.DEFAULT_PLATFORM_TYPE, 6],
    ['site id', c.SITE_ID, 6001],
    ['remember cookie days', c.REMEMBER_COOKIE_DAYS, 365],
    ['cookie days', c.COOKIE_DAYS, 1],
    ['count retry limit', c.PLATFORM_COUNT_RETRY_LIMIT, 2],
    ['count retry delay', c.PLATFORM_COUNT_RETRY_DELAY_MS, 500],
    ['count debounce', c.PLATFORM_COUNT_DEBOUNCE_MS, 1000],
    ['venue relaunch debounce', c.VENUE_RELAUNCH_DEBOUNCE_MS, 1000],
    ['number format locale', c.NUMBER_FORMAT_LOCALE, 'en-US'],
    ['number format decimals', c.NUMBER_FORMAT_DECIMALS, 2],
    ['fingerprint seed', c.FINGERPRINT_HASH_SEED, 31],
    ['country code', c.DEFAULT_COUNTRY_CODE, '86'],
  ])('%s', (_name, actual, expected) => {
    expect(actual).toBe(expected);
  });

  it('venue launch defaults', () => {
    expect(c.VENUE_LAUNCH_DEFAULTS).toEqual({ siteId: 6001, isPreload: true });
  });

  it('referral code lifetimes (contract §8.4)', () => {
    expect(c.REFERRAL_CODE_TTL_MS).toEqual({
      invite_code: 24 * 60 * 60 * 1000,
      i_code: 12 * 60 * 60 * 1000,
      r_code: 12 * 60 * 60 * 1000,
      r_bet: 12 * 60 * 60 * 1000,
    });
  });

  it('request headers of contract §2', () => {
    expect(c.CLIENT_TYPE).toBe('h5');
    expect(c.CLIENT_VERSION).toBe('2.0.0');
  });
});

describe('signature and vvPretty key lifetimes (contract §2)', () => {
  it('a signature is valid within 5 minutes of the server clock', () => {
    expect(c.SIGNATURE_WINDOW_MS).toBe(5 * 60 * 1000);
  });
  it('a sec/{id} key lives 60 s', () => {
    expect(c.SEC_KEY_TTL_MS).toBe(60 * 1000);
  });
});

describe('Header: the request headers of contract §2', () => {
  it('names every header exactly as the server reads it', () => {
    expect(c.Header).toEqual({
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
    });
  });
  it('has no two names for one header (HTTP names are case-insensitive)', () => {
    const lower = Object.values(c.Header).map((h) => h.toLowerCase());
    expect(new Set(lower).size).toBe(lower.length);
  });
});

describe('StorageKey: the storage keys of contract §8.2', () => {
  it.each<[keyof typeof c.StorageKey, string]>([
    ['Token', 'X-API-TOKEN'],
    ['Uuid', 'X-API-UUID'],
    ['LoginInfo', 'loginInfo'],
    ['SignBlob', 'signBlob'],
    ['PreInfo', 'preInfo'],
    ['IsGo', 'isGo'],
    ['GrowCode', 'growCode'],
    ['AgentVerify', 'agent_verify'],
    ['VenueLaunchErrorPrefix', 'venueLaunchError:'],
  ])('%s is %j', (name, key) => {
    expect(c.StorageKey[name]).toBe(key);
  });
  it('lists nothing else, and no key twice', () => {
    expect(Object.keys(c.StorageKey)).toHaveLength(9);
    expect(new Set(Object.values(c.StorageKey)).size).toBe(9);
  });
});

describe('NoticeCategory', () => {
  it('1 marquee, 2 announcement, 3 activity notice', () => {
    expect(c.NoticeCategory).toEqual({ Marquee: 1, Announcement: 2, Activity: 3 });
  });
});

describe('platform families and the business time zone', () => {
  it('the six families of contract §8, in order', () => {
    expect(c.PLATFORM_FAMILIES).toEqual(['TY', 'DZ', 'DJ', 'ZR', 'CP', 'QP']);
  });
  it('days, weeks and months are Asia/Shanghai', () => {
    expect(c.BUSINESS_TIME_ZONE).toBe('Asia/Shanghai');
  });
});

describe('USERNAME_* (contract §4)', () => {
  it('4 to 16 characters', () => {
    expect(USERNAME_MIN).toBe(4);
    expect(USERNAME_MAX).toBe(16);
  });
  it.each([
    ['abcd', true],
    ['a'.repeat(16), true],
    ['Ab12', true],
    ['abc', false],
    ['a'.repeat(17), false],
    ['1abc', false],
    ['_abc', false],
    ['ab-cd', false],
    ['abcd ', false],
    ['张三李四', false],
    ['13800138000', false],
  ])('USERNAME_PATTERN %j → %s', (name, ok) => {
    expect(USERNAME_PATTERN.test(name)).toBe(ok);
  });
  it('the pattern agrees with the bounds', () => {
    expect(USERNAME_PATTERN.test('a'.repeat(USERNAME_MIN))).toBe(true);
    expect(USERNAME_PATTERN.test('a'.repeat(USERNAME_MIN - 1))).toBe(false);
    expect(USERNAME_PATTERN.test('a'.repeat(USERNAME_MAX))).toBe(true);
    expect(USERNAME_PATTERN.test('a'.repeat(USERNAME_MAX + 1))).toBe(false);
  });
});
