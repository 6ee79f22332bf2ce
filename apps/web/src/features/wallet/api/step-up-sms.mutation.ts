import { useMutation } from '@tanstack/react-query';
import { api } from '../../../client/api';

/** POST user/sms/send with purpose stepUp: a code to the bound phone before binding an account. */
export function useStepUpSms() {
  return useMutation({ mutationFn: () => api.call('smsSend', { body: { purpose: 'stepUp' } }) });
}
