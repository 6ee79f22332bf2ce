/** A clock reading (epoch milliseconds) as the value a `timestamptz` parameter takes. */
export function ts(ms: number): Date {
  return new Date(ms);
}
