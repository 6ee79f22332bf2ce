import type { z } from 'zod';
import type { Routes } from './routes';

type Infer<T, In extends boolean> = T extends z.ZodType
  ? In extends true
    ? z.input<T>
    : z.output<T>
  : undefined;

/** What a caller sends as the JSON body of route R (before defaults are applied). */
export type RequestBody<R extends keyof Routes> = Routes[R] extends { body: infer B }
  ? Infer<B, true>
  : undefined;
export type RequestQuery<R extends keyof Routes> = Routes[R] extends { query: infer Q }
  ? Infer<Q, true>
  : undefined;
export type RequestParams<R extends keyof Routes> = Routes[R] extends { params: infer P }
  ? Infer<P, true>
  : undefined;
/** The `data` of route R's success envelope. */
export type ResponseData<R extends keyof Routes> = Infer<Routes[R]['response'], false>;
