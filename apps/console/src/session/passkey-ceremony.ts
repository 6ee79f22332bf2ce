import type {
  PasskeyAuthenticationResponse,
  PasskeyRegistrationResponse,
} from '@nebula/protocol/api/operators/passkeys.schemas';
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';

/**
 * The browser's passkey ceremonies (docs/contract.md §4.1). The library loads on first use, so
 * the login route's scripts stay as small as before. The options come from the server as it
 * issued them; the answers go back as they are and the server validates them.
 */
export async function passkeyAssertion(
  options: Record<string, unknown>,
): Promise<PasskeyAuthenticationResponse> {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const r = await startAuthentication({
    optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON,
  });
  return r as unknown as PasskeyAuthenticationResponse;
}

export async function passkeyCreation(
  options: Record<string, unknown>,
): Promise<PasskeyRegistrationResponse> {
  const { startRegistration } = await import('@simplewebauthn/browser');
  const r = await startRegistration({
    optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON,
  });
  return r as unknown as PasskeyRegistrationResponse;
}

/** A ceremony the operator cancelled or the browser refused, in words for the page. */
export function ceremonyText(err: unknown): string | null {
  if (err instanceof Error && /NotAllowed|AbortError|InvalidState|SecurityError/.test(err.name))
    return err.name === 'InvalidStateError' ? '该通行密钥已登记' : '通行密钥操作已取消或不可用';
  return null;
}
