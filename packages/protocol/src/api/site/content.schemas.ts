import { z } from 'zod';

import { NoticeCategory } from '../../constants/constants';

export { NoticeCategory };

export const NoticeListRequest = z.object({ category: z.number().int().min(1).max(3) }).strict();
export const Notice = z.object({
  id: z.number().int(),
  category: z.number().int(),
  title: z.string(),
  content: z.string(),
  publishedAt: z.string(),
});
export type Notice = z.infer<typeof Notice>;
export const NoticeList = z.object({ list: z.array(Notice) });

export const StationAd = z.object({
  id: z.number().int(),
  title: z.string(),
  imageUrl: z.string(),
  /** In-site route or empty. */
  link: z.string(),
});
export type StationAd = z.infer<typeof StationAd>;
export const StationAdList = z.object({ list: z.array(StationAd) });

export const SuspensionIconRequest = z
  .object({ displayEquipment: z.number().int().min(1).max(9).default(1) })
  .strict();
export const SuspensionIcon = z.object({
  id: z.number().int(),
  title: z.string(),
  iconUrl: z.string(),
  link: z.string(),
});
export type SuspensionIcon = z.infer<typeof SuspensionIcon>;
export const SuspensionIconList = z.object({ list: z.array(SuspensionIcon) });

export const PopInfoItem = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  imageUrl: z.string(),
  link: z.string(),
});
export type PopInfoItem = z.infer<typeof PopInfoItem>;
export const PopInfo = z.object({ list: z.array(PopInfoItem) });
