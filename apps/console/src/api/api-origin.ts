/**
 * The platform the console calls: '' (the origin the console is served from) unless its build
 * named another (CONSOLE_API_ORIGIN, written into the page's meta tag by vite.config.ts).
 */
export function apiOrigin(doc: Document = document): string {
  return doc.querySelector('meta[name="nebula-console-api-origin"]')?.getAttribute('content') ?? '';
}
