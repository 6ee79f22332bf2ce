/**
 * The four provider dialects a venue speaks to its H5 page and to the member site's proxy
 * (contract §6): thin envelopes over one engine. Each names where it lives, how it says
 * "success" and how it says "your session expired" — the member site relaunches on the
 * latter (debounced 1 s), and FBTY refreshes instead — and the header in which the member
 * site's proxy carries the session's site token (the venue page sends `Authorization: Bearer`).
 */
export const dialects = {
  IMTY: {
    prefix: '/api/mobile',
    success: 100,
    sessionExpired: 401,
    onExpired: 'relaunch',
    tokenHeader: 'token',
  },
  YBTY: {
    prefix: '/yewu12/api',
    success: 350,
    sessionExpired: 356,
    onExpired: 'relaunch',
    tokenHeader: 'token',
  },
  FBTY: {
    prefix: '/v1',
    success: 0,
    sessionExpired: 14010,
    onExpired: 'refresh',
    tokenHeader: 'authorization',
  },
  OBTY: {
    prefix: '/ob/api',
    success: '0000000',
    sessionExpired: '400401',
    onExpired: 'relaunch',
    tokenHeader: 'requestid',
  },
} as const;

export type Dialect = keyof typeof dialects;
export const dialectNames = Object.keys(dialects) as Dialect[];

/** The success marker of a dialect's answer, whatever field it travels in. */
export function isDialectSuccess(dialect: Dialect, code: unknown): boolean {
  return code === dialects[dialect].success;
}

export function isDialectSessionExpired(dialect: Dialect, code: unknown): boolean {
  return code === dialects[dialect].sessionExpired;
}

/** The dialect a path belongs to, by its prefix (longest first, so `/v1` never shadows). */
export function dialectOfPath(path: string): Dialect | null {
  const byLength = [...dialectNames].sort(
    (a, b) => dialects[b].prefix.length - dialects[a].prefix.length,
  );
  return (
    byLength.find(
      (d) => path === dialects[d].prefix || path.startsWith(`${dialects[d].prefix}/`),
    ) ?? null
  );
}
