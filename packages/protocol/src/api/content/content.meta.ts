import type { RouteMeta } from '../core/route';

const admin = { auth: 'admin', permission: 'content.write', signed: false } as const;
const list = { ...admin, method: 'GET', tag: 'admin-desk' } as const;
const save = { ...admin, method: 'POST', tag: 'admin-desk' } as const;
const csv = { ...admin, method: 'GET', tag: 'admin-reports' } as const;

/**
 * Method, path and access of the operators' home-content calls (公告, 轮播图, 悬浮图标, 首页弹窗)
 * and their CSV exports, joined into `routeMeta`. Read with `content.write` too, as help pages.
 */
export const contentRouteMeta = {
  adminNotices: { ...list, path: '/admin/api/v1/content/notices', summary: '公告列表' },
  adminNoticeSave: {
    ...save,
    path: '/admin/api/v1/content/notices',
    summary: '新增或修改公告',
  },
  adminNoticeEnable: {
    ...save,
    path: '/admin/api/v1/content/notices/enable',
    summary: '启用或停用公告',
  },
  adminStationAds: { ...list, path: '/admin/api/v1/content/station-ads', summary: '轮播图列表' },
  adminStationAdSave: {
    ...save,
    path: '/admin/api/v1/content/station-ads',
    summary: '新增或修改轮播图',
  },
  adminStationAdEnable: {
    ...save,
    path: '/admin/api/v1/content/station-ads/enable',
    summary: '启用或停用轮播图',
  },
  adminSuspensionIcons: {
    ...list,
    path: '/admin/api/v1/content/suspension-icons',
    summary: '悬浮图标列表',
  },
  adminSuspensionIconSave: {
    ...save,
    path: '/admin/api/v1/content/suspension-icons',
    summary: '新增或修改悬浮图标',
  },
  adminSuspensionIconEnable: {
    ...save,
    path: '/admin/api/v1/content/suspension-icons/enable',
    summary: '启用或停用悬浮图标',
  },
  adminPopActivities: {
    ...list,
    path: '/admin/api/v1/content/pop-activities',
    summary: '首页弹窗列表',
  },
  adminPopActivitySave: {
    ...save,
    path: '/admin/api/v1/content/pop-activities',
    summary: '新增或修改首页弹窗',
  },
  adminPopActivityEnable: {
    ...save,
    path: '/admin/api/v1/content/pop-activities/enable',
    summary: '启用或停用首页弹窗',
  },
  adminExportNotices: {
    ...csv,
    path: '/admin/api/v1/exports/notices',
    summary: '导出公告（CSV）',
  },
  adminExportStationAds: {
    ...csv,
    path: '/admin/api/v1/exports/station-ads',
    summary: '导出轮播图（CSV）',
  },
  adminExportSuspensionIcons: {
    ...csv,
    path: '/admin/api/v1/exports/suspension-icons',
    summary: '导出悬浮图标（CSV）',
  },
  adminExportPopActivities: {
    ...csv,
    path: '/admin/api/v1/exports/pop-activities',
    summary: '导出首页弹窗（CSV）',
  },
} as const satisfies Record<string, RouteMeta>;
