import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isApiPath } from './error-handler';

/** What the stages of the gate read about a request's route, read once per request. */
export interface GateRoute {
  /** The route's pattern; undefined for a path no route matched (404). */
  url: string | undefined;
  config: FastifyContextConfig;
  /** The path belongs to the API (see isApiPath). */
  api: boolean;
}

/**
 * One check of the gate: nothing (pass), a throw (refuse with that error), or a promise when
 * it must wait (a cold cache, a session, a shared counter), which refuses by rejecting.
 */
export type GateStage = (
  req: FastifyRequest,
  reply: FastifyReply,
  route: GateRoute,
) => void | Promise<void>;

const stagesOf = new WeakMap<FastifyInstance, GateStage[]>();
/** Per route pattern: its facts do not change while the process runs (a finite set). */
const routes = new Map<string, GateRoute>();

function routeOf(req: FastifyRequest): GateRoute {
  // routeOptions builds a new object on every read: read it once, here.
  const { url, config } = req.routeOptions;
  // A wildcard route (the site's files) and no route at all are decided by the path.
  if (url === undefined || url.includes('*')) return { url, config, api: isApiPath(req.url) };
  let route = routes.get(url);
  if (route?.config !== config) {
    // One pattern, several methods (GET and its HEAD): each has its own config.
    route = { url, config, api: isApiPath(url) };
    routes.set(url, route);
  }
  return route;
}

function run(
  stages: GateStage[],
  from: number,
  req: FastifyRequest,
  reply: FastifyReply,
  route: GateRoute,
  done: (err?: Error) => void,
): void {
  for (let i = from; i < stages.length; i += 1) {
    let waiting: void | Promise<void>;
    try {
      waiting = stages[i]!(req, reply, route);
    } catch (err) {
      done(err as Error);
      return;
    }
    if (waiting) {
      waiting.then(() => run(stages, i + 1, req, reply, route, done), done);
      return;
    }
  }
  done();
}

/**
 * Adds a check to the app's one onRequest hook: security headers, the rate limit, the API guard
 * and the operator guard run as stages of a single hook, in the order they were added, first
 * refusal wins. Four hooks each reading the route again cost a measurable share of a small
 * signed call (docs/benchmarks.md, "## api"); one hook reads it once and, when no stage must
 * wait, decides without a promise.
 */
export function addGateStage(app: FastifyInstance, stage: GateStage): void {
  let stages = stagesOf.get(app);
  if (!stages) {
    const list: GateStage[] = [];
    stages = list;
    stagesOf.set(app, list);
    app.addHook('onRequest', (req, reply, done) => {
      run(list, 0, req, reply, routeOf(req), done);
    });
  }
  stages.push(stage);
}
