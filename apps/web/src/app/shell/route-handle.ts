/** Route handle: which frame parts a page wants (the tab layout reads it). */
export interface RouteHandle {
  topBar?: boolean;
}
