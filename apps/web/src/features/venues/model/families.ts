import { PLATFORM_FAMILIES, type PlatformFamily } from '@nebula/protocol/constants/constants';
import { familyGamePath, venueFamilies, type VenueFamily } from '@nebula/protocol/venue/registry';

/** Whether a family is one of the six the platform counts (contract §6): fishing is not. */
export function isPlatformFamily(family: string): family is PlatformFamily {
  return (PLATFORM_FAMILIES as readonly string[]).includes(family);
}

/** The family a `/game/*` page shows. */
export function familyOfGamePath(pathname: string): VenueFamily | null {
  return venueFamilies.find((f) => familyGamePath[f] === pathname) ?? null;
}
