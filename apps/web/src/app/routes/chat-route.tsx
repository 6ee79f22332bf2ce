import type { ChatCoin } from '../../features/chat/components/gift-sheet';
import { ChatPage, type ChatViewer } from '../../features/chat/pages/chat.page';
import { useMemberInfo } from '../../features/member/api/member-info.query';
import { useVenueList } from '../../features/venues/api/venue-list.query';
import { useEnterVenue } from '../../features/venues/hooks/use-enter-venue';
import { useCoinInfo } from '../../features/wallet/api/coin-info.query';
import { showToast } from '../../components/ui/toast';
import { describeError } from '../../lib/api-errors';

/** The viewer's id and VIP level, from the member feature (null for a visitor or while loading). */
function useChatViewer(): ChatViewer | null {
  const { data } = useMemberInfo();
  return data ? { memberId: data.memberId, vipLevel: data.vipLevel } : null;
}

/** The COIN balance for the gift picker, from the wallet feature. */
function useChatCoin(): ChatCoin {
  const coin = useCoinInfo();
  return { balance: coin.data?.balance ?? null, refresh: () => void coin.refetch() };
}

/**
 * /chat and /chat/:roomId: the chat room with the member's VIP level and COIN composed in, and
 * 跟投 opening the shared bet's venue with its selections (the venues feature).
 */
export function ChatRoute() {
  const venues = useVenueList();
  const enter = useEnterVenue();
  return (
    <ChatPage
      viewer={useChatViewer()}
      coin={useChatCoin()}
      onFollow={(card) => {
        const venue = venues.data?.list.find((v) => v.code === card.venueCode);
        if (!venue) return;
        enter(
          venue,
          card.legs.map((l) => l.selectionId),
        ).catch((error: unknown) => showToast(describeError(error).message));
      }}
    />
  );
}
