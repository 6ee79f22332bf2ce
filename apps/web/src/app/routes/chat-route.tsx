import type { ChatCoin } from '../../features/chat/components/gift-sheet';
import { ChatPage, type ChatViewer } from '../../features/chat/pages/chat.page';
import { useMemberInfo } from '../../features/member/api/member-info.query';
import { useCoinInfo } from '../../features/wallet/api/coin-info.query';

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

/** /chat and /chat/:roomId: the chat room with the member's VIP level and COIN composed in. */
export function ChatRoute() {
  return <ChatPage viewer={useChatViewer()} coin={useChatCoin()} />;
}
