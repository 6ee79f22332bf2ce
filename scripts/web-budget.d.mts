// Types of web-budget.mjs (a plain script `npm test` runs with node), for the TypeScript that
// imports it: the site's build (scripts/vite-first-route-preload.ts), bench:web and its test.

export const WEB_FIRST_ROUTE_GOAL_BYTES: number;
export const WEB_FIRST_ROUTE_BUDGET_BYTES: number;
export function firstRouteSources(text: string): string[];
export function firstRouteJs(
  dist: string,
  sources: string[],
): { files: string[]; gzipBytes: number };
export function memberSiteFirstRoute(dist?: string): {
  sources: string[];
  files: string[];
  gzipBytes: number;
};
export function verdict(
  js: { gzipBytes: number; files: string[] },
  budget?: number,
): { ok: boolean; message: string };
