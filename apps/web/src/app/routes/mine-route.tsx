import { MinePage } from '../../features/member/pages/mine.page';
import { WalletSummary } from '../../features/wallet/components/wallet-summary';

/** /mine: the member centre with the wallet's balances card (features compose here). */
export function MineRoute() {
  return <MinePage wallet={<WalletSummary />} />;
}
