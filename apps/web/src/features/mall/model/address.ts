import type { MallAddress } from '@nebula/protocol/api/mall/mall.schemas';

export type AddressField = keyof MallAddress;

/**
 * The fields of a delivery address the server would refuse, checked before sending (the same
 * rules as the redeem call's schema: a name of 1–20, a mainland mobile, an address of 5–120).
 */
export function addressProblems(a: MallAddress): Partial<Record<AddressField, true>> {
  const out: Partial<Record<AddressField, true>> = {};
  const length = (s: string) => [...s].length;
  if (length(a.name) < 1 || length(a.name) > 20) out.name = true;
  if (!/^1\d{10}$/.test(a.phone)) out.phone = true;
  if (length(a.address) < 5 || length(a.address) > 120) out.address = true;
  return out;
}
