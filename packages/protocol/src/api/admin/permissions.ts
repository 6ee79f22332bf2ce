/** The operator permissions live beside the route types that name them (core/permissions.ts). */
export * from '../core/permissions';
