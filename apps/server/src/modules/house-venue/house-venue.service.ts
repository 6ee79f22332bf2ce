import { readFile } from 'node:fs/promises';
import type { z } from 'zod';
import { ErrorCode, isErrorCode } from '@nebula/protocol';
import { VENUE_OPERATOR_HEADER, VENUE_OPERATOR_NAME_HEADER } from '@nebula/protocol/venue/operator';
import { AppError } from '../../lib/errors';

export interface HouseVenueConfig {
  /** The venue's server-side API; its operator API is under `/operator/v1`. */
  apiUrl: string;
  token: string | null;
  /** The embedded venue's generated token file (read when no token is set); null otherwise. */
  tokenFile: string | null;
  timeoutMs: number;
}

type VenueAnswer = { code: number; data?: unknown; message?: string };

/**
 * The house venue's back office through the platform (docs/architecture.md, "The house venue
 * through the platform"): one call of the venue's operator API with the platform's operator
 * token, which never leaves this service, and the console operator's name in its header for
 * the venue's audit. The venue's refusals come back as their own codes; a token the venue does
 * not accept is 9623, a venue that does not answer 9622.
 */
export class HouseVenueService {
  #token: string | null;
  #fileReadAt = 0;

  constructor(
    private readonly config: HouseVenueConfig,
    private readonly now: () => number = Date.now,
  ) {
    this.#token = config.token;
  }

  async #operatorToken(): Promise<string | null> {
    if (this.#token || !this.config.tokenFile) return this.#token;
    // The embedded venue may start after the platform: look again, at most once a second.
    if (this.now() - this.#fileReadAt < 1000) return null;
    this.#fileReadAt = this.now();
    const text = await readFile(this.config.tokenFile, 'utf8').catch(() => '');
    this.#token = text.trim().length >= 32 ? text.trim() : null;
    return this.#token;
  }

  /**
   * `call`, and the answer checked against `schema` (the protocol's): an answer that does not
   * match is refused (9782), in production too, and only what the schema knows is passed on.
   */
  async checked<T>(
    path: string,
    body: unknown,
    operatorName: string,
    schema: z.ZodType<T>,
  ): Promise<T> {
    const parsed = schema.safeParse(await this.call(path, body, operatorName));
    if (!parsed.success) throw new AppError(ErrorCode.HouseVenueAnswerInvalid);
    return parsed.data;
  }

  /** Calls `path` (one of the protocol's proxied venue paths) for `operatorName`. */
  async call(path: string, body: unknown, operatorName: string): Promise<unknown> {
    const token = await this.#operatorToken();
    if (!token) throw new AppError(ErrorCode.HouseVenueNotConfigured);
    let answer: VenueAnswer;
    try {
      const r = await fetch(`${this.config.apiUrl}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [VENUE_OPERATOR_HEADER]: token,
          [VENUE_OPERATOR_NAME_HEADER]: operatorName,
        },
        body: JSON.stringify(body ?? {}),
        signal: AbortSignal.timeout(this.config.timeoutMs),
        redirect: 'error',
      });
      answer = (await r.json()) as VenueAnswer;
      if (typeof answer?.code !== 'number') throw new Error('not a venue answer');
    } catch {
      throw new AppError(ErrorCode.HouseVenueUnavailable);
    }
    if (answer.code === 0) return answer.data ?? null;
    if (
      answer.code === ErrorCode.VenueOperatorUnauthorized ||
      answer.code === ErrorCode.VenueOperatorForbidden
    ) {
      // The platform's token, not the console operator, is at fault: a fresh read may fix it.
      if (!this.config.token) this.#token = null;
      throw new AppError(ErrorCode.HouseVenueNotConfigured);
    }
    throw new AppError(isErrorCode(answer.code) ? answer.code : ErrorCode.HouseVenueRefused);
  }
}
