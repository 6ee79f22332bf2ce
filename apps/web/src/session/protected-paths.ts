/**
 * contract §8.1 protected pages: the third-party venue frames and the registration guide. Together
 * with any path containing /mine, a session-invalid code sends their visitor home (contract §8.3).
 */
const PROTECTED = /^\/(sport\/(V188|im|ob)|gaming\/(ybdj|imdj|lhdj)|registerGuide)(\/|$)/;

export function isProtectedPath(pathname: string): boolean {
  return pathname.includes('/mine') || PROTECTED.test(pathname);
}
