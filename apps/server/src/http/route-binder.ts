import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  envelopeSchema,
  routes,
  type ResponseData,
  type RouteAuth,
  type Routes,
} from '@nebula/protocol';
import type { Db, Queryable } from '@nebula/db';
import {
  errorOutcome,
  Replay,
  successOutcome,
  type IdempotencyService,
} from '../idempotency/idempotency.service';
import { AppError } from '../lib/errors';
import { ok } from '../lib/envelope';
import type { RequestContext } from './request-context';

export type RouteName = keyof Routes;

type Out<T> = T extends z.ZodType ? z.output<T> : undefined;

export interface HandlerInput<N extends RouteName> {
  body: Routes[N] extends { body: infer B } ? Out<B> : undefined;
  query: Routes[N] extends { query: infer Q } ? Out<Q> : undefined;
  params: Routes[N] extends { params: infer P } ? Out<P> : undefined;
  ctx: RequestContext;
  req: FastifyRequest;
  reply: FastifyReply;
  /**
   * Runs database work in one transaction. On a money route that transaction also claims the
   * idempotency key and stores the outcome, so the ledger write and its answer commit together.
   */
  tx: <T>(fn: (q: Queryable) => Promise<T>) => Promise<T>;
  /**
   * For a money route whose effect leaves the database (a payment gateway call): claims the
   * idempotency key before the effect, in its own transaction, so a duplicate arriving meanwhile
   * gets 7004; the binder stores the handler's outcome after. Such a handler does not use `tx`.
   */
  claimFirst: () => Promise<void>;
}

export interface BindOptions {
  validateResponse: boolean;
  db: Db;
  idempotency: IdempotencyService;
  bodyLimit?: number;
}

export type Handler<N extends RouteName> = (input: HandlerInput<N>) => Promise<ResponseData<N>>;

/** Route-level facts the guard reads (order of checks, PRODUCT §3). */
export interface RouteConfig {
  routeName: RouteName;
  auth: RouteAuth;
  signed: boolean;
  money: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    routeName?: RouteName;
    auth?: RouteAuth;
    signed?: boolean;
    money?: boolean;
  }
}

/**
 * Binds one entry of the protocol route table to a handler: the table gives method, path,
 * schemas and access; the handler calls one service and returns the `data` of the envelope.
 */
export function bindRoute<N extends RouteName>(
  app: FastifyInstance,
  name: N,
  handler: Handler<N>,
  options: BindOptions,
): void {
  const route = routes[name] as Routes[RouteName] & {
    body?: z.ZodType;
    query?: z.ZodType;
    params?: z.ZodType;
    response: z.ZodType;
    money?: boolean;
  };
  const config: RouteConfig = {
    routeName: name,
    auth: route.auth,
    signed: route.signed,
    money: route.money ?? false,
  };
  // Made once per route rather than per request: closures on the hot path are measurable.
  const plainTx: HandlerInput<N>['tx'] = (fn) => options.db.tx(fn);
  const noClaim = (): Promise<void> => Promise.resolve();
  // Most calls are neither money nor checked (production): they get a handler of their own with
  // one await, measurably cheaper than the general one below with its idempotency branch.
  const plainHandler = async (req: FastifyRequest, reply: FastifyReply) =>
    ok(
      await handler({
        body: req.body as HandlerInput<N>['body'],
        query: req.query as HandlerInput<N>['query'],
        params: req.params as HandlerInput<N>['params'],
        ctx: req.ctx,
        req,
        reply,
        tx: plainTx,
        claimFirst: noClaim,
      }),
    );
  app.route({
    method: route.method,
    url: route.path,
    config,
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    schema: {
      summary: route.summary,
      tags: [route.tag],
      ...(route.body ? { body: route.body } : {}),
      ...(route.query ? { querystring: route.query } : {}),
      ...(route.params ? { params: route.params } : {}),
      response: { 200: envelopeSchema(route.response) },
    },
    // A body-less POST to a route with a body schema validates as {} (defaults apply).
    preValidation: route.body
      ? (req, _reply, done) => {
          if (req.body === undefined || req.body === null) req.body = {};
          done();
        }
      : undefined,
    handler:
      !config.money && !options.validateResponse
        ? plainHandler
        : async (req, reply) => {
            const input = {
              body: req.body as HandlerInput<N>['body'],
              query: req.query as HandlerInput<N>['query'],
              params: req.params as HandlerInput<N>['params'],
              ctx: req.ctx,
              req,
              reply,
            };
            let data: ResponseData<N>;
            if (config.money) {
              const scope = req.operator
                ? `operator:${req.operator.operatorId}`
                : `member:${req.ctx.memberId ?? 'anonymous'}`;
              const header = req.headers['x-idempotency-key'];
              const call = {
                scope,
                route: name,
                key: typeof header === 'string' ? header : undefined,
                request: { params: req.params, body: req.body },
              };
              const begun = await options.idempotency.begin(call);
              if (begun.replay) return begun.replay;
              const full = { ...call, key: begun.key, requestHash: begun.requestHash };
              let claimed = false;
              const claimFirst = async () => {
                await options.idempotency.claim(full);
                claimed = true;
              };
              try {
                data = await handler({
                  ...input,
                  tx: (fn) => options.idempotency.run(full, fn),
                  claimFirst,
                });
                if (claimed) await options.idempotency.complete(full, successOutcome(data));
              } catch (err) {
                if (err instanceof Replay) return err.outcome;
                if (err instanceof AppError && err.httpStatus === 200) {
                  if (!claimed) return options.idempotency.storeError(full, err);
                  const outcome = errorOutcome(err);
                  await options.idempotency.complete(full, outcome);
                  return outcome;
                }
                // Unexpected: the outcome is unknown, so a retry may try again.
                if (claimed) await options.idempotency.release(full).catch(() => undefined);
                throw err;
              }
            } else {
              data = await handler({ ...input, tx: plainTx, claimFirst: noClaim });
            }
            if (options.validateResponse) {
              const checked = route.response.safeParse(data);
              if (!checked.success) {
                req.log.error(
                  { route: name, issues: checked.error.issues },
                  'response does not match its schema',
                );
                throw new Error(`response of ${name} does not match its schema`);
              }
            }
            return ok(data);
          },
  });
}
