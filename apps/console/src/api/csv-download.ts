import { buildPath } from '@nebula/protocol/api/core/route';
import { apiOrigin } from './api-origin';
import { adminRoute, type AdminRouteName, type RequestOf } from './admin-routes';
import { apiError, COMMON_CODE } from './api-error';

/**
 * Fetches a streamed CSV export with the operator's token (a plain link cannot send
 * X-Admin-Token) and hands it to the browser as a download. A refused export answers the
 * JSON envelope with its code, thrown as an ApiError like any call.
 */
export async function downloadCsv<K extends AdminRouteName>(
  name: K,
  req: RequestOf<K>,
  token: string | null,
  fileName: string,
  doFetch: typeof fetch = (i, init) => fetch(i, init),
): Promise<Blob> {
  const meta = adminRoute(name);
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries((req as { query?: object }).query ?? {})) {
    if (typeof v === 'string' || typeof v === 'number') if (v !== '') q.set(k, String(v));
  }
  const qs = q.toString();
  const res = await doFetch(`${apiOrigin()}${buildPath(meta.path)}${qs ? `?${qs}` : ''}`, {
    headers: token ? { 'X-Admin-Token': token } : {},
    credentials: 'omit',
  });
  if (!(res.headers.get('content-type') ?? '').includes('text/csv')) {
    const body = (await res.json().catch(() => null)) as { status_code?: number } | null;
    throw await apiError(body?.status_code ?? COMMON_CODE);
  }
  const blob = await res.blob();
  if (typeof document !== 'undefined' && typeof URL.createObjectURL === 'function') {
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = fileName;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
  return blob;
}
