import type { PaymentAccountType } from '@nebula/protocol/api/wallet/payment-accounts.schemas';
import type { StepUp } from '@nebula/protocol/api/member/member.schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../client/api';
import { useSessionToken, walletKeys } from './wallet-keys';

export interface PaymentAccountInput {
  type: PaymentAccountType;
  accountNo: string;
  bankCode?: string;
  network?: 'TRC20' | 'ERC20';
  alias?: string;
  stepUp: StepUp;
}

/** POST payment-accounts: binds a payout account after a step-up (it then cools off). */
export function usePaymentAccountAdd() {
  const queryClient = useQueryClient();
  const token = useSessionToken();
  return useMutation({
    mutationFn: (body: PaymentAccountInput) => api.call('paymentAccountAdd', { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: walletKeys.accounts(token) }),
  });
}
