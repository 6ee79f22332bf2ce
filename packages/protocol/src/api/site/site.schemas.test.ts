import { describe, expect, it } from 'vitest';
import { DEFAULT_PLATFORM_TYPE } from '../../constants/constants';
import { PreInfo, PreInfoRequest, SecParams, VvPrettyPlain } from './site.schemas';

const preInfo = {
  SiteBaseConfigVo: {
    siteId: 6001,
    title: '星云体育',
    webLogoTitleUrl: '/static/favicon.svg',
    logoUrl: '/static/logo.svg',
    customerServiceUrl: '/customer/main',
    currencyName: '金币',
    tenant: false,
    downloadOnly: false,
    minVersion: '2.0.0',
  },
  address: ['https://example.com'],
  disablePhones: [],
  globePhoneNumber: [{ code: '86', name: '中国' }],
  ip: '203.0.113.9',
  maintainConfig: { status: 1, message: '', startTime: null, endTime: null },
  siteFestivalSkin: null,
  siteVideoActiveUrl: '',
  siteVideoSkinOpen: false,
  stopLogin: false,
  stopRegister: false,
  registerCaptcha: true,
};

describe('PreInfoRequest', () => {
  it('defaults platformType to the H5 platform', () => {
    expect(PreInfoRequest.parse({})).toEqual({ platformType: DEFAULT_PLATFORM_TYPE });
  });
  it.each([
    [{ platformType: 6 }, true],
    [{ platformType: 1 }, true],
    [{ platformType: 99 }, true],
    [{ platformType: 0 }, false],
    [{ platformType: 100 }, false],
    [{ platformType: 6.5 }, false],
    [{ platformType: '6' }, false],
    [{ platformType: 6, extra: true }, false],
  ])('%j → %s', (input, ok) => {
    expect(PreInfoRequest.safeParse(input).success).toBe(ok);
  });
});

describe('PreInfo', () => {
  it('accepts a complete pre-info', () => {
    expect(PreInfo.strict().safeParse(preInfo).success).toBe(true);
  });
  it.each(Object.keys(preInfo))('requires %s', (key) => {
    const copy: Record<string, unknown> = { ...preInfo };
    delete copy[key];
    expect(PreInfo.safeParse(copy).success).toBe(false);
  });
  it.each([
    [0, true],
    [1, true],
    [2, false],
    ['1', false],
  ])('maintainConfig.status %j → %s (1 normal, 0 stopped)', (status, ok) => {
    expect(
      PreInfo.safeParse({ ...preInfo, maintainConfig: { ...preInfo.maintainConfig, status } })
        .success,
    ).toBe(ok);
  });
  it('takes maintenance times and the festival skin as null or text', () => {
    const times = {
      status: 0,
      message: '停服',
      startTime: '2026-11-22 02:00',
      endTime: '2026-11-22 04:00',
    };
    expect(
      PreInfo.safeParse({ ...preInfo, maintainConfig: times, siteFestivalSkin: 'spring' }).success,
    ).toBe(true);
    expect(PreInfo.safeParse({ ...preInfo, siteFestivalSkin: undefined }).success).toBe(false);
  });
  it('refuses a phone country without its name', () => {
    expect(PreInfo.safeParse({ ...preInfo, globePhoneNumber: [{ code: '86' }] }).success).toBe(
      false,
    );
  });
});

describe('VvPrettyPlain', () => {
  const plain = { signKey: 'ab'.repeat(32), wsUrl: '', csUrl: '/customer/main', venueOrigins: {} };
  it('accepts the device configuration, an empty wsUrl included (the client uses its own origin)', () => {
    expect(VvPrettyPlain.parse(plain)).toEqual(plain);
    expect(
      VvPrettyPlain.safeParse({
        ...plain,
        wsUrl: 'wss://m.example.com',
        venueOrigins: { sport: 'https://sport.example.com' },
      }).success,
    ).toBe(true);
  });
  it.each([
    ['ab'.repeat(31), false],
    ['ab'.repeat(33), false],
    ['AB'.repeat(32), false],
    ['zz'.repeat(32), false],
    ['0123456789abcdef'.repeat(4), true],
  ])('signKey %s → %s (64 lower-case hex)', (signKey, ok) => {
    expect(VvPrettyPlain.safeParse({ ...plain, signKey }).success).toBe(ok);
  });
  it('requires every field; venue origins are text', () => {
    for (const key of Object.keys(plain)) {
      const copy: Record<string, unknown> = { ...plain };
      delete copy[key];
      expect(VvPrettyPlain.safeParse(copy).success).toBe(false);
    }
    expect(VvPrettyPlain.safeParse({ ...plain, venueOrigins: { sport: 1 } }).success).toBe(false);
  });
});

describe('SecParams', () => {
  it.each([
    ['abcdefgh', true],
    ['A-b_C-d_' + 'x'.repeat(56), true],
    ['abcdefg', false],
    ['x'.repeat(65), false],
    ['abc/defgh', false],
    ['abc+defgh', false],
  ])('%j → %s', (id, ok) => {
    expect(SecParams.safeParse({ id }).success).toBe(ok);
  });
});
