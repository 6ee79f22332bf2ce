/**
 * What the payout pages need to know about the member: the real name a bank card is held in
 * and the bound phone for an SMS step-up. It is member data, so app/ composes it in from the
 * member feature (features never import each other).
 */
export interface PayoutIdentity {
  realNameMasked: string | null;
  phoneMasked: string | null;
}

export interface PayoutIdentityState {
  data: PayoutIdentity | undefined;
  error: unknown;
  retry: () => void;
}
