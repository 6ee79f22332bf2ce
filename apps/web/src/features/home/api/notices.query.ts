import { NoticeCategory } from '@nebula/protocol/constants/constants';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../client/api';

// Typed against the protocol's categories; a type-only import keeps zod out of this chunk.
export const MARQUEE_CATEGORY: NoticeCategory = NoticeCategory.Marquee;
export const ANNOUNCEMENT_CATEGORY: NoticeCategory = NoticeCategory.Announcement;

/** POST queryNoticeList: 1 marquee, 2 announcements, 3 activity notices. */
export function noticesQuery(category: NoticeCategory) {
  return {
    queryKey: ['noticeList', category],
    queryFn: () => api.call('noticeList', { body: { category } }),
  };
}

export function useNotices(category: NoticeCategory, enabled = true) {
  return useQuery({ ...noticesQuery(category), enabled });
}
