import { createHmac } from 'node:crypto';
import type { APIRequestContext, BrowserContext } from '@playwright/test';

/**
 * Calls a signed member API the way the site does (contract §2), from a test: the server is
 * started with a known SIGN_KEY, so the device key and X-Sign can be derived here. The device
 * id and session token are the browser context's own cookies, so the call is that browser's.
 */
export const E2E_SIGN_KEY = 'e2e-sign-key-0123456789abcdef0123456789';
/** The operator the journeys' server is started with. */
export const E2E_ADMIN_USER = 'admin';
export const E2E_ADMIN_PASSWORD = 'admin-password-123';

function sign(path: string, uuid: string, timestamp: string): string {
  const base = /^\/([a-z]+)\/api\//.exec(path)?.[1] ?? 'site';
  const deviceKey = createHmac('sha256', E2E_SIGN_KEY).update(uuid).digest();
  return createHmac('sha256', deviceKey).update(`${base}:${uuid}:${timestamp}`).digest('hex');
}

export async function signedPost<T>(
  context: BrowserContext,
  request: APIRequestContext,
  path: string,
  body: unknown,
): Promise<{ status_code: number; message: string; data: T }> {
  const cookies = await context.cookies();
  const uuid = cookies.find((c) => c.name === 'X-API-UUID')?.value ?? '';
  const token = cookies.find((c) => c.name === 'X-API-TOKEN')?.value;
  const timestamp = String(Date.now());
  const response = await request.post(path, {
    data: body,
    headers: {
      'X-Client-Type': 'h5',
      'X-Version': '2.0.0',
      'X-Site-Id': '6001',
      'X-API-UUID': uuid,
      'X-Sign': sign(path, uuid, timestamp),
      'X-Timestamp': timestamp,
      ...(token ? { 'X-API-TOKEN': decodeURIComponent(token) } : {}),
    },
  });
  return (await response.json()) as { status_code: number; message: string; data: T };
}

/**
 * Any signed member call (GET or POST, extra headers such as X-Idempotency-Key for money
 * routes), as this browser context: its device id and session token.
 */
export async function signedCall<T>(
  context: BrowserContext,
  request: APIRequestContext,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status_code: number; message: string; data: T }> {
  const cookies = await context.cookies();
  const uuid = cookies.find((c) => c.name === 'X-API-UUID')?.value ?? '';
  const token = cookies.find((c) => c.name === 'X-API-TOKEN')?.value;
  const timestamp = String(Date.now());
  const response = await request.fetch(path, {
    method,
    data: body,
    headers: {
      'X-Client-Type': 'h5',
      'X-Version': '2.0.0',
      'X-Site-Id': '6001',
      'X-API-UUID': uuid,
      'X-Sign': sign(path.split('?')[0]!, uuid, timestamp),
      'X-Timestamp': timestamp,
      ...(token ? { 'X-API-TOKEN': decodeURIComponent(token) } : {}),
      ...headers,
    },
  });
  return (await response.json()) as { status_code: number; message: string; data: T };
}
