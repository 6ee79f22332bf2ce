/**
 * What the guard learned about a request, for handlers: the device, the real client address
 * and, on member routes, the session (added by the accounts module).
 */
export interface RequestContext {
  deviceId: string;
  ip: string;
  memberId: number | null;
  sessionId: string | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    ctx: RequestContext;
  }
}
