import type { PreInfo } from '../site/pre-info.store';

/** A complete pre-info as the server sends it, for tests to adjust. */
export function preInfoFixture(): PreInfo {
  return {
    SiteBaseConfigVo: {
      siteId: 6001,
      title: '星云体育',
      webLogoTitleUrl: '/static/favicon.svg',
      logoUrl: '/static/logo.svg',
      customerServiceUrl: '',
      currencyName: '金币',
      tenant: false,
      downloadOnly: false,
      minVersion: '2.0.0',
    },
    address: [],
    disablePhones: [],
    globePhoneNumber: [{ code: '86', name: '中国大陆' }],
    ip: '127.0.0.1',
    maintainConfig: { status: 1, message: '', startTime: null, endTime: null },
    siteFestivalSkin: null,
    siteVideoActiveUrl: '',
    siteVideoSkinOpen: false,
    stopLogin: false,
    stopRegister: false,
    registerCaptcha: true,
  };
}
