import type { SelfExclusionIdentityKind } from '@nebula/protocol';

/** Who the register is asked about: what the platform knows of the person at that moment. */
export interface RegisterIdentity {
  userName: string;
  /** Digits with the country code ('8613800138000'), when the member gave a phone. */
  phone?: string | null;
}

/**
 * A self-exclusion register (contract §5; docs/architecture.md, "Self-exclusion register"):
 * `listed` when the person stands on it. A register that cannot answer throws
 * RegisterUnreachable, and the gate decides (registration and marketing fail closed; login
 * stays open and alerts operators unless the config closes it). The built-in adapter is the
 * operators' list (listed-register.service.ts); a national register is another adapter.
 */
export interface SelfExclusionRegister {
  check(identity: RegisterIdentity): Promise<'listed' | 'clear'>;
}

export class RegisterUnreachable extends Error {
  constructor(cause?: unknown) {
    super('self-exclusion register unreachable', { cause });
    this.name = 'RegisterUnreachable';
  }
}

/** The identities to look up, normalised as the list stores them. */
export function normalisedIdentities(
  i: RegisterIdentity,
): { kind: SelfExclusionIdentityKind; value: string }[] {
  const out: { kind: SelfExclusionIdentityKind; value: string }[] = [
    { kind: 'userName', value: normalise('userName', i.userName) },
  ];
  if (i.phone) out.push({ kind: 'phone', value: normalise('phone', i.phone) });
  return out;
}

/** A user name in lower case; a phone as its digits ('+86 138-0013-8000' → '8613800138000'). */
export function normalise(kind: SelfExclusionIdentityKind, value: string): string {
  return kind === 'phone' ? value.replace(/\D/g, '') : value.trim().toLowerCase();
}
