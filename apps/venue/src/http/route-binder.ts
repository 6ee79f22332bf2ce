import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode } from '@nebula/protocol';
import type { z } from 'zod';
import { VenueError } from '../infra/venue-error';

type Method = 'GET' | 'POST';

/**
 * One row of a route table: where it answers, what access it asks of its surface, the schema
 * of its input (the query of a GET, the body of a POST) and the one service call it makes.
 */
export interface VenueRoute<C, A> {
  method: Method;
  path: string;
  access: A;
  input?: z.ZodType;
  run: (caller: C, input: unknown) => Promise<unknown>;
}

/**
 * What the venue's three faces (the merchant API, the page's engine API under a dialect, the
 * operator API) do differently: how a caller is authenticated, where the input is read, what
 * else the input must satisfy, and the envelope an answer or a refusal is sent in.
 */
export interface VenueSurface<C, A> {
  /** Who calls, checked before the input is read; refusals are thrown as `VenueError`. */
  caller(req: FastifyRequest, access: A): C | Promise<C>;
  /** The raw input of a call, before its schema. */
  input(req: FastifyRequest, method: Method): unknown;
  /** A check of a valid input against the surface's configuration (refusals thrown). */
  check?(input: unknown): void;
  /** Sends an answer or a refusal; the caller is null when it was refused. */
  answer(reply: FastifyReply, caller: C | null, outcome: { data: unknown } | VenueError): unknown;
  /** An error that is not a refusal: rethrown to the app's error handler unless handled here. */
  fail?(req: FastifyRequest, reply: FastifyReply, err: unknown): unknown;
}

/** A typed row: the handler gets the parsed input of its schema. */
export function venueRoute<C, A, S extends z.ZodType>(row: {
  method: Method;
  path: string;
  access: A;
  input: S;
  run: (caller: C, input: z.output<S>) => Promise<unknown>;
}): VenueRoute<C, A>;
export function venueRoute<C, A>(row: {
  method: Method;
  path: string;
  access: A;
  run: (caller: C) => Promise<unknown>;
}): VenueRoute<C, A>;
export function venueRoute<C, A>(row: {
  method: Method;
  path: string;
  access: A;
  input?: z.ZodType;
  run: (caller: C, input: never) => Promise<unknown>;
}): VenueRoute<C, A> {
  return row as VenueRoute<C, A>;
}

/**
 * Binds a table of routes under one surface (and an optional path prefix), as the platform's
 * binder does from its route table: every call is authenticated first (a stranger learns
 * nothing about what a valid input is), then validated (8004 on a wrong input), then run, and
 * answered in the surface's envelope.
 */
export function bindVenueRoutes<C, A>(
  app: FastifyInstance,
  surface: VenueSurface<C, A>,
  table: readonly VenueRoute<C, A>[],
  prefix = '',
): void {
  for (const row of table) {
    app.route({
      method: row.method,
      url: `${prefix}${row.path}`,
      handler: async (req, reply) => {
        let caller: C | null = null;
        try {
          caller = await surface.caller(req, row.access);
          let input: unknown;
          if (row.input) {
            const parsed = row.input.safeParse(surface.input(req, row.method));
            if (!parsed.success) throw new VenueError(ErrorCode.VenueRequestInvalid);
            input = parsed.data;
            surface.check?.(input);
          }
          return surface.answer(reply, caller, { data: await row.run(caller, input) });
        } catch (err) {
          if (err instanceof VenueError) return surface.answer(reply, caller, err);
          if (surface.fail) return surface.fail(req, reply, err);
          throw err;
        }
      },
    });
  }
}
