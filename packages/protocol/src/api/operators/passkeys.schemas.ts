import { z } from 'zod';
import { text } from '../../rules/text';
import { StepUpClassName } from './operators.schemas';
import { PasskeyAuthenticationResponse, PasskeyRegistrationResponse } from '../core/webauthn';

export {
  PasskeyAuthenticationResponse,
  PasskeyOptions,
  PasskeyRegistrationResponse,
} from '../core/webauthn';

export const PasskeyRegisterRequest = z
  .object({ name: text().trim().min(1).max(32), response: PasskeyRegistrationResponse })
  .strict();
export const PasskeyView = z.object({
  id: z.number().int(),
  name: z.string(),
  createdAt: z.number().int(),
  lastUsedAt: z.number().int().nullable(),
});
export const PasskeyList = z.object({ list: z.array(PasskeyView) });
export const PasskeyIdParams = z.object({ passkeyId: z.coerce.number().int().positive() }).strict();

/** A step-up's challenge is issued for one class and counts only for it. */
export const PasskeyStepUpOptionsRequest = z.object({ class: StepUpClassName }).strict();
export const PasskeyStepUpRequest = z
  .object({ class: StepUpClassName, response: PasskeyAuthenticationResponse })
  .strict();
