/** Content links from the operator: only in-site paths are followed (no open redirects). */
export function inSitePath(link: string | null | undefined): string | null {
  if (!link) return null;
  return link.startsWith('/') && !link.startsWith('//') ? link : null;
}
