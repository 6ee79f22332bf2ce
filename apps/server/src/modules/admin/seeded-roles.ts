import { ADMIN_PERMISSIONS, isAdminPermission, type AdminPermission } from '@nebula/protocol';

/**
 * The roles migration 0048 seeds, by the names the three fixed roles had: the first operator
 * gets the superuser role; tests and scripts name a seeded role this way.
 */
export const SEEDED_ROLE_IDS = { admin: 1, finance: 2, moderator: 3 } as const;
export type SeededRole = keyof typeof SEEDED_ROLE_IDS;

/** A role's permissions: a superuser role holds every one, including ones added later. */
export function permissionsOf(role: {
  superuser: boolean;
  permissions: readonly string[];
}): AdminPermission[] {
  if (role.superuser) return [...ADMIN_PERMISSIONS];
  // A name no longer in the protocol grants nothing.
  return role.permissions.filter(isAdminPermission);
}
