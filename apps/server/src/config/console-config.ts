import path from 'node:path';
import { z } from 'zod';
import { ConfigError } from './config-error';

/**
 * The operator console's settings (docs/architecture.md, "The audit chain" and "The house venue
 * through the platform"), part of the one config object. Embedded defaults live in the data
 * directory, like the merchant secrets.
 */
export const consoleEnv = {
  /** HMAC-SHA256 key of the audit checkpoints (32+ characters); unset: generated beside the file. */
  AUDIT_CHECKPOINT_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  /** The checkpoints' append-only file (default `<DATA_DIR>/audit/checkpoints.jsonl`). */
  AUDIT_CHECKPOINT_FILE: z.string().trim().min(1).optional(),
  /** The house venue's operator token the console's calls go with (32+ characters). */
  HOUSE_VENUE_OPERATOR_TOKEN: z
    .string()
    .min(32, 'must be at least 32 characters')
    .max(200)
    .optional(),
  /** Embedded: the file the house venue generated its token into (`<DATA_DIR>/venue/operator-token`). */
  HOUSE_VENUE_OPERATOR_TOKEN_FILE: z.string().trim().min(1).optional(),
};

export interface ConsoleConfig {
  audit: { checkpointFile: string; checkpointKey: string | null };
  houseVenue: {
    /** The venue's server-side API (its operator API lives under it). */
    apiUrl: string;
    token: string | null;
    /** Read when no token is set (the embedded venue's generated one); null in production. */
    tokenFile: string | null;
  };
}

type ConsoleEnv = z.output<z.ZodObject<typeof consoleEnv>>;

export function consoleConfig(
  e: ConsoleEnv,
  dataDir: string,
  production: boolean,
  venueApiUrl: string | undefined,
): ConsoleConfig {
  // Production signs the audit checkpoints with one key every node shares: a key generated
  // beside one node's file could not be checked by the others.
  if (production && !e.AUDIT_CHECKPOINT_KEY)
    throw new ConfigError(['AUDIT_CHECKPOINT_KEY: required in production (32+ characters)']);
  return {
    audit: {
      checkpointFile: path.resolve(
        e.AUDIT_CHECKPOINT_FILE ?? path.join(dataDir, 'audit', 'checkpoints.jsonl'),
      ),
      checkpointKey: e.AUDIT_CHECKPOINT_KEY ?? null,
    },
    houseVenue: {
      // The demo venue's API (the house venue `npm start` starts beside the platform).
      apiUrl: (venueApiUrl ?? 'http://127.0.0.1:8090').replace(/\/$/, ''),
      token: e.HOUSE_VENUE_OPERATOR_TOKEN ?? null,
      tokenFile: production
        ? null
        : path.resolve(
            e.HOUSE_VENUE_OPERATOR_TOKEN_FILE ?? path.join(dataDir, 'venue', 'operator-token'),
          ),
    },
  };
}
