import { useQuery } from '@tanstack/react-query';
import { api } from '../../../client/api';
import { useSessionToken, walletKeys } from './wallet-keys';

/** GET deposit/channels: the enabled channels with limits, quick amounts, receiving details. */
export function useDepositChannels() {
  const token = useSessionToken();
  return useQuery({
    queryKey: walletKeys.channels(token),
    queryFn: () => api.call('depositChannels'),
    enabled: token !== null,
  });
}
