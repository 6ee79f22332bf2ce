import { z } from 'zod';

/**
 * WebAuthn's wire shapes for operator passkeys (docs/contract.md §4.1), here below both the
 * login (admin) and the passkey routes (operators). The browser's JSON
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
