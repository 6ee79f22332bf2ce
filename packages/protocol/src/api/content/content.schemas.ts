import { z } from 'zod';
import { multilineText, text } from '../../rules/text';
import { pageOf, paging } from '../core/common';

/*
 * The operator side of the home content (公告, 轮播图, 悬浮图标, 首页弹窗): the rows the member
 * site's home reads, with the fields the member lists do not show (sort, enabled, the window).
 * A save replaces every field of its row; enable/disable touches only `enabled`.
 */

/** http(s) address or a site-relative path (`/…`, not `//host`); nothing that could run script. */
const CONTENT_URL = /^(https?:\/\/[^\s"'<>\\]+|\/(?!\/)[^\s"'<>\\]*)$/;

/**
 * Whether an image or link address is one the home may show. The server refuses others with
 * 9770 (so the code, not only a shape error, names the problem); the console checks the same.
 */
export function isContentUrl(value: string): boolean {
  return CONTENT_URL.test(value);
}

/** Whether a display window is usable: open on either side, or its end after its start. */
export function isContentWindow(startsAt: string | null, endsAt: string | null): boolean {
  return startsAt === null || endsAt === null || Date.parse(endsAt) > Date.parse(startsAt);
}

const url = text().trim().max(500);
const link = text().trim().max(500).default('');
const instant = z.iso.datetime({ offset: true }).nullable().default(null);
const sort = z.number().int().min(0).max(9999).default(0);
const id = z.number().int().positive().max(2_147_483_647);

export const AdminNotice = z.object({
  id: z.number().int(),
  category: z.number().int(),
  title: z.string(),
  content: z.string(),
  sort: z.number().int(),
  enabled: z.boolean(),
  publishedAt: z.string(),
});
export const AdminNoticeList = z.object({ list: z.array(AdminNotice) });
export const AdminNoticeSaveRequest = z
  .object({
    /** Absent: a new notice. */
    id: id.optional(),
    /** 1 跑马灯, 2 公告, 3 活动公告 (`NoticeCategory`). */
    category: z.number().int().min(1).max(3),
    title: text().trim().min(1).max(100),
    content: multilineText().trim().min(1).max(4000),
    sort,
    enabled: z.boolean().default(true),
  })
  .strict();

export const AdminStationAd = z.object({
  id: z.number().int(),
  title: z.string(),
  imageUrl: z.string(),
  link: z.string(),
  sort: z.number().int(),
  enabled: z.boolean(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
});
export const AdminStationAdList = z.object({ list: z.array(AdminStationAd) });
export const AdminStationAdSaveRequest = z
  .object({
    id: id.optional(),
    title: text().trim().min(1).max(100),
    imageUrl: url.min(1),
    link,
    sort,
    enabled: z.boolean().default(true),
    startsAt: instant,
    endsAt: instant,
  })
  .strict();

export const AdminSuspensionIcon = z.object({
  id: z.number().int(),
  title: z.string(),
  iconUrl: z.string(),
  link: z.string(),
  displayEquipment: z.number().int(),
  sort: z.number().int(),
  enabled: z.boolean(),
});
export const AdminSuspensionIconList = z.object({ list: z.array(AdminSuspensionIcon) });
export const AdminSuspensionIconSaveRequest = z
  .object({
    id: id.optional(),
    title: text().trim().min(1).max(100),
    iconUrl: url.min(1),
    link,
    /** The member's device kind the icon shows on (`suspensionIcon`'s `displayEquipment`). */
    displayEquipment: z.number().int().min(1).max(9).default(1),
    sort,
    enabled: z.boolean().default(true),
  })
  .strict();

export const AdminPopActivity = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  imageUrl: z.string(),
  link: z.string(),
  sort: z.number().int(),
  enabled: z.boolean(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
});
export const AdminPopActivityList = z.object({ list: z.array(AdminPopActivity) });
export const AdminPopActivitySaveRequest = z
  .object({
    id: id.optional(),
    title: text().trim().min(1).max(100),
    content: multilineText().trim().min(1).max(4000),
    /** '' for a text-only pop. */
    imageUrl: text().trim().max(500).default(''),
    link,
    sort,
    enabled: z.boolean().default(true),
    startsAt: instant,
    endsAt: instant,
  })
  .strict();

/** Shows or hides one row without resending it. */
export const AdminContentEnableRequest = z.object({ id, enabled: z.boolean() }).strict();

/**
 * The four home-content lists' filters (and their exports'): enabled or not, part of the
 * title in any case; each list is paged on the server.
 */
export const AdminContentFilter = z
  .object({
    enabled: z.enum(['true', 'false']).optional(),
    q: text().trim().max(40).optional(),
  })
  .strict();
export type AdminContentFilter = z.infer<typeof AdminContentFilter>;
export const AdminContentQuery = AdminContentFilter.extend({ ...paging }).strict();
export const AdminNoticePage = pageOf(AdminNotice);
export const AdminStationAdPage = pageOf(AdminStationAd);
export const AdminSuspensionIconPage = pageOf(AdminSuspensionIcon);
export const AdminPopActivityPage = pageOf(AdminPopActivity);
