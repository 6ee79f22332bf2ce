import { vi } from 'vitest';
import { createApiClient, type ApiClient } from '../lib/api-client';
import { ApiEvents } from '../lib/api-events';
import type { Signer } from '../lib/signer';

export const TEST_UUID = '11111111-2222-4333-8444-555555555555';

export type FetchHandler = (url: string, init: RequestInit) => Response | Promise<Response>;

export function envelope(status_code: number, data: unknown = null, message = ''): Response {
  return new Response(JSON.stringify({ status_code, message, data }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** Replace the global fetch (the outside of the unit) and record every call. */
export function stubFetch(handler: FetchHandler) {
  const calls: { url: string; init: RequestInit; headers: Headers }[] = [];
  const fn = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const request = init ?? {};
    calls.push({ url, init: request, headers: new Headers(request.headers) });
    return Promise.resolve(handler(url, request));
  });
  vi.stubGlobal('fetch', fn);
  return { fn, calls };
}

export function fakeSigner(overrides: Partial<Signer> = {}): Signer {
  return {
    sign: vi.fn(() => Promise.resolve('sig')),
    warmUp: vi.fn(),
    invalidate: vi.fn(),
    generation: () => 0,
    source: () => 'chunk',
    ...overrides,
  };
}

export function makeClient(
  options: { token?: string | null; signer?: Signer; timeoutMs?: number } = {},
): {
  client: ApiClient;
  events: ApiEvents;
  signer: Signer;
} {
  const events = new ApiEvents();
  const signer = options.signer ?? fakeSigner();
  const client = createApiClient({
    getToken: () => options.token ?? null,
    getDeviceId: () => TEST_UUID,
    signer,
    events,
    timeoutMs: options.timeoutMs,
  });
  return { client, events, signer };
}
