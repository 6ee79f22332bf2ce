import type { ErrorCode } from '@nebula/protocol';
import { messageFor } from '@nebula/protocol';

/** One error type for the venue: a merchant code (80xx) and its catalogue message. */
export class VenueError extends Error {
  constructor(readonly code: ErrorCode) {
    super(messageFor(code));
  }
}
