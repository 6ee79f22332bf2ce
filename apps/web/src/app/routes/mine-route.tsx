import { useUnreadMail } from '../../features/mail/api/mail.queries';
import { MinePage } from '../../features/member/pages/mine.page';
import { WalletSummary } from '../../features/wallet/components/wallet-summary';

/** /mine: the member centre with the wallet's balances card and the unread-mail count. */
export function MineRoute() {
  const unread = useUnreadMail();
  return <MinePage wallet={<WalletSummary />} badges={{ mail: unread }} />;
}
