import { setBounded } from './bounded-map';

/** Per minimum, per header value (no key to build per call). */
const seen = new Map<string, Map<string, boolean>>();

/** versionAtLeast, remembered per header value: clients send a handful of versions. */
export function versionAtLeastCached(version: string | undefined, minimum: string): boolean {
  if (version === undefined) return false;
  let forMinimum = seen.get(minimum);
  if (!forMinimum) {
    forMinimum = new Map();
    seen.set(minimum, forMinimum);
  }
  let ok = forMinimum.get(version);
  if (ok === undefined) {
    ok = versionAtLeast(version, minimum);
    setBounded(forMinimum, version, ok, 1000);
  }
  return ok;
}

/** Compares dotted versions numerically: "2.10.0" is above "2.9.9". */
export function versionAtLeast(version: string | undefined, minimum: string): boolean {
  if (!version || !/^\d{1,5}(\.\d{1,5}){0,3}$/.test(version)) return false;
  const a = version.split('.').map(Number);
  const b = minimum.split('.').map(Number);
  for (let i = 0; i < Math.max(a.length, b.length); i += 1) {
    const x = a[i] ?? 0;
    const y = b[i] ?? 0;
    if (x !== y) return x > y;
  }
  return true;
}
