import { useQuery } from '@tanstack/react-query';
import { api } from '../../../client/api';
import { useSessionStore } from '../../../session/session.store';

/** Query keys of 幸运翻牌 and the friend activities, under `rewards` with the other rewards. */
export const flipFriendsKeys = {
  all: ['rewards', 'flipFriends'] as const,
  flip: (token: string | null) => ['rewards', 'flipFriends', token, 'flip'] as const,
  invitation: (token: string | null) => ['rewards', 'flipFriends', token, 'invitation'] as const,
  peakBet: (token: string | null) => ['rewards', 'flipFriends', token, 'peakBet'] as const,
};

const useToken = () => useSessionStore((state) => state.token);

/** GET activities/lucky-flip: chances, prizes with stock, seeds and my flips. */
export function useLuckyFlip() {
  const token = useToken();
  return useQuery({
    queryKey: flipFriendsKeys.flip(token),
    queryFn: () => api.call('luckyFlipView', { query: {} }),
    enabled: token !== null,
    staleTime: 0,
  });
}

/** GET activities/friend-invitation: my code and the friends it brought. */
export function useFriendInvitation() {
  const token = useToken();
  return useQuery({
    queryKey: flipFriendsKeys.invitation(token),
    queryFn: () => api.call('friendInvitationView'),
    enabled: token !== null,
    staleTime: 0,
  });
}

/** GET activities/friend-peak-bet: each friend's best bet so far. */
export function useFriendPeakBet() {
  const token = useToken();
  return useQuery({
    queryKey: flipFriendsKeys.peakBet(token),
    queryFn: () => api.call('friendPeakBetView'),
    enabled: token !== null,
    staleTime: 0,
  });
}
