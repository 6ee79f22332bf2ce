import type { FastifyRequest } from 'fastify';

export interface ResolvedSession {
  memberId: number;
  sessionId: string;
}

/**
 * Turns X-API-TOKEN into a live member session or throws the session code (10004, 6001,
 * 10105, 10104, 10102). The accounts module provides the real one.
 */
export interface SessionResolver {
  resolve(
    req: FastifyRequest,
    token: string | undefined,
    required: boolean,
  ): Promise<ResolvedSession | null>;
}
