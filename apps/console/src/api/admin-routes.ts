import type { z } from 'zod';
import type { routes } from '@nebula/protocol/api/routes';
import { routeMeta, type RouteName } from '@nebula/protocol/api/route-meta';

/**
 * The operator calls, derived from the protocol's route table (docs/contract.md §2): every
 * route whose path is under `/admin/api/`. Only the plain-data meta is imported at run time;
 * the schemas are types here, so zod stays out of the console's first route.
 */
export type AdminRouteName = {
  [K in RouteName]: (typeof routeMeta)[K]['path'] extends `/admin/api/${string}` ? K : never;
}[RouteName];

type Def<K extends AdminRouteName> = (typeof routes)[K];
type Input<S> = S extends z.ZodType ? z.input<S> : never;

/** The parts a call sends: path parameters, query and body, each only where the route has it. */
export type RequestOf<K extends AdminRouteName> = (Def<K> extends { params: infer P }
  ? { params: Input<P> }
  : { params?: undefined }) &
  (Def<K> extends { query: infer Q } ? { query?: Input<Q> } : { query?: undefined }) &
  (Def<K> extends { body: infer B } ? { body: Input<B> } : { body?: undefined });

/** The `data` of the success envelope. */
export type ResponseOf<K extends AdminRouteName> = z.output<Def<K>['response']>;

export interface AdminRouteInfo {
  readonly method: string;
  readonly path: string;
  readonly money?: boolean;
  /** The permission the server's guard checks (`self`: any signed-in operator; none: login). */
  readonly permission?: string;
  /** The action class that needs a fresh second factor (step-up). */
  readonly stepUp?: string;
  /** Above the operator-set threshold the call files a request another operator approves. */
  readonly fourEyes?: { readonly class: string; readonly approve: string };
  readonly summary: string;
}

export function isAdminRoute(name: string): name is AdminRouteName {
  const meta = (routeMeta as Record<string, { path: string } | undefined>)[name];
  return meta !== undefined && meta.path.startsWith('/admin/api/');
}

export function adminRoute(name: AdminRouteName): AdminRouteInfo {
  return routeMeta[name];
}

/** Every operator call's name, in the route table's order. */
export function adminRouteNames(): AdminRouteName[] {
  return Object.keys(routeMeta).filter(isAdminRoute);
}
