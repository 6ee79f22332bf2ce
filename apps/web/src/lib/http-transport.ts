import { ErrorCode } from '@nebula/protocol/errors/codes';
import { CancelledError, ConnectionError, transportMessage } from './api-errors';

export interface Envelope<T = unknown> {
  status_code: number;
  message: string;
  data: T;
}

export interface SendOptions {
  fetch: typeof fetch;
  url: string;
  init: RequestInit;
  timeoutMs: number;
  signal?: AbortSignal;
}

function isEnvelope(value: unknown): value is Envelope {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Envelope).status_code === 'number'
  );
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/**
 * One HTTP exchange with timeout and cancellation, turned into an envelope or a typed error:
 * transport failures become ConnectionError / CancelledError, HTTP 429 the envelope of code 6501.
 */
export async function sendOnce(options: SendOptions): Promise<Envelope> {
  if (options.signal?.aborted) throw new CancelledError();
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs);
  const onCallerAbort = () => controller.abort();
  options.signal?.addEventListener('abort', onCallerAbort);

  const failure = (error: unknown, fallback: 'closed' | 'unknown'): Error => {
    if (timedOut) return new ConnectionError('timeout');
    if (options.signal?.aborted) return new CancelledError();
    if (isOffline()) return new ConnectionError('offline');
    const raw = error instanceof Error ? error.message : '';
    return new ConnectionError(
      fallback,
      0,
      fallback === 'closed' ? undefined : transportMessage(raw),
    );
  };

  try {
    let response: Response;
    try {
      response = await options.fetch(options.url, { ...options.init, signal: controller.signal });
    } catch (error) {
      throw failure(error, 'unknown');
    }
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      // Headers arrived but the body did not: the connection was cut mid-way.
      throw failure(error, 'closed');
    }
    const body = parseJson(text);
    if (response.status === 429) {
      // Rate limiting is a business outcome for the UI (contract §2): answer as code 6501.
      const message = isEnvelope(body) ? body.message : '';
      return {
        status_code: ErrorCode.RateLimited,
        message,
        data: isEnvelope(body) ? body.data : null,
      };
    }
    if (!response.ok) {
      const message =
        isEnvelope(body) && body.message ? body.message : transportMessage(response.statusText);
      throw new ConnectionError('unknown', response.status, message);
    }
    if (!isEnvelope(body))
      throw new ConnectionError('unknown', response.status, transportMessage(''));
    return body;
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onCallerAbort);
  }
}
