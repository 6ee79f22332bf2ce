import { z } from 'zod';
import { text } from '../../rules/text';
import { StepUpClassName } from './operators.schemas';

/**
 * Operator passkeys (WebAuthn) as a second factor (docs/contract.md §4.1). The browser's JSON
 * forms of the ceremonies (WebAuthn Level 3 `toJSON()`), as @simplewebauthn sends them: binary
 * fields are base64url text.
 */
const b64url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*$/);

/** What `navigator.credentials.create/get` is called with (opaque to the protocol). */
export const PasskeyOptions = z.looseObject({ challenge: b64url(128) });

const transports = z
  .array(z.enum(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb']))
  .max(8);

export const PasskeyRegistrationResponse = z.object({
  id: b64url(1400),
  rawId: b64url(1400),
  type: z.literal('public-key'),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.looseObject({}),
  response: z.object({
    clientDataJSON: b64url(4000),
    attestationObject: b64url(16000),
    authenticatorData: b64url(4000).optional(),
    transports: transports.optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: b64url(4000).optional(),
  }),
});
export const PasskeyAuthenticationResponse = z.object({
  id: b64url(1400),
  rawId: b64url(1400),
  type: z.literal('public-key'),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.looseObject({}),
  response: z.object({
    clientDataJSON: b64url(4000),
    authenticatorData: b64url(4000),
    signature: b64url(2000),
    userHandle: b64url(200).optional(),
  }),
});
export type PasskeyAuthenticationResponse = z.infer<typeof PasskeyAuthenticationResponse>;
export type PasskeyRegistrationResponse = z.infer<typeof PasskeyRegistrationResponse>;

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
