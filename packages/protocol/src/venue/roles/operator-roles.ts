/**
 * The venue's operator roles (docs/contract.md §6), below both the operator API and the games'
 * operator table so that neither folder imports the other's parent.
 * viewer: reads and reports; trader: holds, results, voids; admin: also margin and limits,
 * debts written off and the audit.
 */
export const venueOperatorRoles = ['viewer', 'trader', 'admin'] as const;
export type VenueOperatorRole = (typeof venueOperatorRoles)[number];
