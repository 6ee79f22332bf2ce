import { SUCCESS_CODE, messageFor, type Envelope } from '@nebula/protocol';

export function ok<T>(data: T): Envelope<T> {
  return { status_code: SUCCESS_CODE, message: messageFor(SUCCESS_CODE), data };
}

export function fail(code: number, message?: string, data: unknown = null): Envelope<unknown> {
  return { status_code: code, message: message ?? messageFor(code), data };
}
