import { useMutation } from '@tanstack/react-query';
import { api } from '../../../client/api';

export type SmsRequest =
  { purpose: 'bindPhone'; countryCode: string; phone: string } | { purpose: 'stepUp' };

/** POST user/sms/send: a bind code to a new number, or a step-up code to the bound phone. */
export function useSmsSend() {
  return useMutation({ mutationFn: (body: SmsRequest) => api.call('smsSend', { body }) });
}
