import { useMemberInfo } from '../../features/member/api/member-info.query';
import type { PayoutIdentityState } from '../../features/wallet/model/payout-identity';
import { PayoutAddPage } from '../../features/wallet/pages/payout-add.page';
import { PayoutListPage } from '../../features/wallet/pages/payout-list.page';

/** The member's real name and phone, from the member feature, for the payout pages. */
function usePayoutIdentity(): PayoutIdentityState {
  const info = useMemberInfo();
  return {
    data: info.data
      ? { realNameMasked: info.data.realNameMasked, phoneMasked: info.data.phoneMasked }
      : undefined,
    error: info.isError ? info.error : null,
    retry: () => void info.refetch(),
  };
}

/** The payment-account add pages of contract §8.1. */
export function PayoutAddRoute() {
  return <PayoutAddPage identity={usePayoutIdentity()} />;
}

/** The payment-account list pages of contract §8.1. */
export function PayoutListRoute() {
  return <PayoutListPage identity={usePayoutIdentity()} />;
}
