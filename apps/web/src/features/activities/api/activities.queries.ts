import { useQuery } from '@tanstack/react-query';
import { api } from '../../../client/api';
import { useSessionStore } from '../../../session/session.store';

/**
 * Query keys of the activities, all under `activities` so one invalidation after an action
 * refreshes the list and the calendar; each carries the session token (a visitor's list has
 * no member state).
 */
export const activityKeys = {
  all: ['activities'] as const,
  list: (token: string | null) => ['activities', token, 'list'] as const,
  calendar: (token: string | null, month: string | null) =>
    ['activities', token, 'calendar', month] as const,
};

const useToken = () => useSessionStore((state) => state.token);

/** GET activities: running and upcoming ones, with the member's state when signed in. */
export function useActivities() {
  const token = useToken();
  return useQuery({
    queryKey: activityKeys.list(token),
    queryFn: () => api.call('activityList'),
    staleTime: 0,
  });
}

/** GET checkin: the month's 签到 calendar and today's state. */
export function useCheckinCalendar(month: string | null) {
  const token = useToken();
  return useQuery({
    queryKey: activityKeys.calendar(token, month),
    queryFn: () => api.call('checkinCalendar', { query: month ? { month } : {} }),
    enabled: token !== null,
    staleTime: 0,
  });
}
