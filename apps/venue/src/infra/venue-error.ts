import type { ErrorCode } from '@nebula/protocol';
import { messageFor } from '@nebula/protocol';

/**
 * One error type for the venue: a venue code (80xx), its catalogue message and, where the
 * caller needs facts to act (new prices, the stake still allowed), a `data` object.
 */
export class VenueError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly data?: Record<string, unknown>,
  ) {
    super(messageFor(code));
  }
}
