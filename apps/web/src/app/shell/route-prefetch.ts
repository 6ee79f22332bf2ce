/** Warms the chunks a path needs. */
type Prefetch = (path: string) => void;

let prefetch: Prefetch = () => undefined;

/**
 * The router hands over how to warm a path's chunks when it is created; the shell's links only
 * call `prefetchRoute`, so the shell never imports the route table that lazily imports it.
 */
export function setRoutePrefetch(next: Prefetch): void {
  prefetch = next;
}

/** Warm the chunks a path needs (on touch/hover), so the tap itself navigates instantly. */
export function prefetchRoute(path: string): void {
  prefetch(path);
}
