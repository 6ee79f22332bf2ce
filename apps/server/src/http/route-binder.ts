import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyRouteSchemaDef } from 'fastify/types/schema';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ErrorCode,
  SUCCESS_CODE,
  envelopeSchema,
  routes,
  type ResponseData,
  type RouteAuth,
  type Routes,
} from '@nebula/protocol';
import { KEY_PATTERN, type IdempotencyService } from '../idempotency/idempotency.service';
import { AppError } from '../lib/errors';
import {
  runIdempotent,
  type MoneyMode,
  type MoneyResult,
  type UnitOf,
} from '../idempotency/money-unit';
import { ok } from '../lib/envelope';
import type { RequestContext } from './request-context';
import { lazyEnvelopeSerializer } from './response-serializer';

export type RouteName = keyof Routes;

/** Routes that change money: they take an idempotency key and are bound with a money unit. */
export type MoneyRouteName = {
  [K in RouteName]: Routes[K] extends { money: true } ? K : never;
}[RouteName];
export type PlainRouteName = Exclude<RouteName, MoneyRouteName>;

type Out<T> = T extends z.ZodType ? z.output<T> : undefined;

export interface HandlerInput<N extends RouteName> {
  body: Routes[N] extends { body: infer B } ? Out<B> : undefined;
  query: Routes[N] extends { query: infer Q } ? Out<Q> : undefined;
  params: Routes[N] extends { params: infer P } ? Out<P> : undefined;
  ctx: RequestContext;
  req: FastifyRequest;
  reply: FastifyReply;
}

export interface BindOptions {
  validateResponse: boolean;
  /** `json` answers every route with JSON.stringify (a comparison switch, see below). */
  serializer?: 'compiled' | 'json';
  idempotency: IdempotencyService;
  bodyLimit?: number;
}

export type Handler<N extends RouteName> = (input: HandlerInput<N>) => Promise<ResponseData<N>>;

/**
 * A money route's handler gets the unit of its mode (see idempotency/money-unit.ts) and must
 * answer what the unit made: the type allows no money work outside it.
 */
export type MoneyHandler<N extends RouteName, M extends MoneyMode> = (
  input: HandlerInput<N> & { unit: UnitOf<M> },
) => Promise<MoneyResult<ResponseData<N>>>;

/** Route-level facts the guard reads (order of checks, contract §2). */
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

type TableRoute = Routes[RouteName] & {
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
  response: z.ZodType;
  money?: boolean;
};

function inputOf<N extends RouteName>(req: FastifyRequest, reply: FastifyReply): HandlerInput<N> {
  return {
    body: req.body as HandlerInput<N>['body'],
    query: req.query as HandlerInput<N>['query'],
    params: req.params as HandlerInput<N>['params'],
    ctx: req.ctx,
    req,
    reply,
  };
}

/** Outside production every answer is checked against its schema: the server cannot drift. */
function checkResponse(name: RouteName, route: TableRoute, req: FastifyRequest, data: unknown) {
  const checked = route.response.safeParse(data);
  if (!checked.success) {
    req.log.error(
      { route: name, issues: checked.error.issues },
      'response does not match its schema',
    );
    throw new Error(`response of ${name} does not match its schema`);
  }
}

/**
 * A route whose table entry names no query takes none: an unknown parameter is 10003 like an
 * unknown body field (contract §2.9), not quietly ignored.
 */
const NO_QUERY = z.object({}).strict();

function isEmpty(data: unknown): boolean {
  if (typeof data !== 'object' || data === null) return false;
  for (const key in data) if (Object.hasOwn(data, key)) return false;
  return true;
}

/** Fastify hands a validator marked so the request as `parentData` (the mark is Ajv's). */
type BodyValidator = ((
  data: unknown,
  at?: { parentData?: { body?: unknown } },
) => ReturnType<ReturnType<typeof validatorCompiler>>) & { schemaEnv?: true };

/**
 * The zod validator, but an empty query on a route that takes none passes without running
 * zod: nearly every call has one, and what zod would answer for it is known (pass). Any
 * parameter goes through zod, so a refusal reads exactly as before.
 *
 * A body-less POST to a route with a body schema validates as {} (defaults apply); an explicit
 * JSON `null` is a body, and not an object: 10003 like any other wrong type. Fastify passes
 * null for both, so the body validator asks the request which it was — a route-level
 * preValidation hook did this before, a hook run on every call of the route.
 */
function compileValidator<S>(def: FastifyRouteSchemaDef<S>) {
  const validate = validatorCompiler(def as FastifyRouteSchemaDef<z.ZodType>);
  if (def.httpPart === 'body') {
    const body: BodyValidator = (data, at) =>
      validate(data === null && at?.parentData?.body === undefined ? {} : data);
    body.schemaEnv = true;
    return body;
  }
  if (def.schema !== NO_QUERY) return validate;
  return (data: unknown) => (isEmpty(data) ? { value: data } : validate(data));
}

/**
 * Registers one entry of the protocol route table: method, path, schemas, access and OpenAPI
 * data all come from the table.
 */
function register(
  app: FastifyInstance,
  name: RouteName,
  options: BindOptions,
  run: (route: TableRoute, req: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
): void {
  const route = routes[name] as TableRoute;
  const config: RouteConfig = {
    routeName: name,
    auth: route.auth,
    signed: route.signed,
    money: route.money ?? false,
  };
  // Compiled once per process; guarded against JSON.stringify wherever responses are validated.
  const serialize =
    options.serializer === 'json'
      ? (envelope: unknown) => JSON.stringify(envelope)
      : lazyEnvelopeSerializer(name, route.response, options.validateResponse);
  app.route({
    method: route.method,
    url: route.path,
    config,
    validatorCompiler: compileValidator,
    serializerCompiler: () => serialize as (data: unknown) => string,
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    schema: {
      summary: route.summary,
      tags: [route.tag],
      ...(route.body ? { body: route.body } : {}),
      querystring: route.query ?? NO_QUERY,
      ...(route.params ? { params: route.params } : {}),
      response: { 200: envelopeSchema(route.response) },
    },
    handler: (req, reply) => run(route, req, reply),
  });
}

/** Binds a route that moves no money: the handler calls one service and returns `data`. */
export function bindRoute<N extends PlainRouteName>(
  app: FastifyInstance,
  name: N,
  handler: Handler<N>,
  options: BindOptions,
): void {
  if ((routes[name] as TableRoute).money) throw new Error(`${name} is a money route`);
  register(
    app,
    name,
    options,
    options.validateResponse
      ? async (route, req, reply) => {
          const data = await handler(inputOf<N>(req, reply));
          checkResponse(name, route, req, data);
          return ok(data);
        }
      : async (_route, req, reply) => ok(await handler(inputOf<N>(req, reply))),
  );
}

/**
 * Binds a CSV export (a plain route whose answer is a file): the handler calls one service that
 * checks, audits and returns a stream; the answer is `text/csv` streamed as it is read, an
 * attachment named by the service. Refusals before the stream are coded envelopes as usual.
 */
export function bindCsvRoute<N extends PlainRouteName>(
  app: FastifyInstance,
  name: N,
  handler: (input: HandlerInput<N>) => Promise<{ filename: string; stream: Readable }>,
  options: BindOptions,
): void {
  register(app, name, options, async (_route, req, reply) => {
    const { filename, stream } = await handler(inputOf<N>(req, reply));
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .header('cache-control', 'no-store')
      .send(stream);
  });
}

/**
 * Binds a money route: its idempotency key is checked and its first outcome replayed
 * (`runIdempotent`); the handler gets a ledger unit (the money is written in the transaction
 * that stores the answer) or an effect unit (the key is claimed before an outside effect).
 */
export function bindMoneyRoute<N extends MoneyRouteName, M extends MoneyMode>(
  app: FastifyInstance,
  name: N,
  mode: M,
  handler: MoneyHandler<N, M>,
  options: BindOptions,
): void {
  register(app, name, options, async (route, req, reply) => {
    const header = req.headers['x-idempotency-key'];
    const scope = req.operator
      ? `operator:${req.operator.operatorId}`
      : `member:${req.ctx.memberId ?? 'anonymous'}`;
    const call = {
      scope,
      route: name,
      key: typeof header === 'string' ? header : undefined,
      request: { params: req.params, body: req.body },
    };
    const response = await runIdempotent(options.idempotency, call, mode, (unit) =>
      handler({ ...inputOf<N>(req, reply), unit }),
    );
    if (options.validateResponse && response.status_code === SUCCESS_CODE)
      checkResponse(name, route, req, response.data);
    return response;
  });
}

/**
 * Binds a money route whose service keeps its own idempotency: a venue transfer's key names
 * the transfer (its id is derived from the caller and the key), and the transfer's row is its
 * outcome for good — a retry at any time answers the transfer's current status, which the
 * generic 24-hour store with its claim expiry could not. The key is required (7002) and
 * well-formed (10003); the handler gets it with the caller's scope.
 */
export function bindKeyedMoneyRoute<N extends MoneyRouteName>(
  app: FastifyInstance,
  name: N,
  handler: (input: HandlerInput<N> & { key: string }) => Promise<ResponseData<N>>,
  options: BindOptions,
): void {
  register(app, name, options, async (route, req, reply) => {
    const header = req.headers['x-idempotency-key'];
    if (typeof header !== 'string' || header === '')
      throw new AppError(ErrorCode.IdempotencyKeyMissing);
    if (!KEY_PATTERN.test(header))
      throw new AppError(ErrorCode.Validation, {
        issues: [{ path: 'X-Idempotency-Key', message: 'invalid' }],
      });
    const data = await handler({ ...inputOf<N>(req, reply), key: header });
    if (options.validateResponse) checkResponse(name, route, req, data);
    return ok(data);
  });
}
