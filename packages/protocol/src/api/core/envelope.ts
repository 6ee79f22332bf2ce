import { z } from 'zod';

/** Every handled outcome: HTTP 200 with this body; 6000 is success (contract §2). */
export interface Envelope<T = unknown> {
  status_code: number;
  message: string;
  data: T;
}

export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({ status_code: z.number().int(), message: z.string(), data });
}

export const SUCCESS_CODE = 6000;
