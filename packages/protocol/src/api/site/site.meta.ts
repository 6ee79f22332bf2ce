import type { RouteMeta } from '../core/route';

/** Method, path and access of the site bootstrap and content calls, as plain data; `../route-meta.ts` joins them. */
export const siteRouteMeta = {
  // --- site bootstrap (not signed: contract §2)
  preInfo: {
    method: 'POST',
    path: '/site/api/v1/configuration/preInfo',
    auth: 'optional',
    signed: false,
    summary: '站点配置 (pre-info)',
    tag: 'site',
  },
  vvPretty: {
    method: 'GET',
    path: '/site/api/v1/configuration/vvPretty',
    auth: 'none',
    signed: false,
    summary: '加密的设备配置',
    tag: 'site',
  },
  sec: {
    method: 'POST',
    path: '/site/api/v1/sec/:id',
    auth: 'none',
    signed: false,
    summary: 'vvPretty 的一次性密钥',
    tag: 'site',
  },
  // --- content
  noticeList: {
    method: 'POST',
    path: '/site/api/v1/advertising/queryNoticeList',
    auth: 'optional',
    signed: true,
    summary: '公告列表',
    tag: 'content',
  },
  stationAdList: {
    method: 'GET',
    path: '/act/api/v1/advertising/queryStationAdList',
    auth: 'optional',
    signed: true,
    summary: '首页轮播图',
    tag: 'content',
  },
  suspensionIcon: {
    method: 'POST',
    path: '/act/api/v1/activityShow/suspensionIcon',
    auth: 'optional',
    signed: true,
    summary: '悬浮活动图标',
    tag: 'content',
  },
  popInfo: {
    method: 'GET',
    path: '/act/api/v1/memberTopActivity/popInfo',
    auth: 'optional',
    signed: true,
    summary: '首页弹窗活动',
    tag: 'content',
  },
  namingList: {
    method: 'GET',
    path: '/site/api/v1/site/naming/list',
    auth: 'optional',
    signed: true,
    summary: '站点命名',
    tag: 'site',
  },
} as const satisfies Record<string, RouteMeta>;
