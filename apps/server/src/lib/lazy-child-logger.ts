import type { FastifyBaseLogger } from 'fastify';
import { levels, type Bindings, type ChildLoggerOptions } from 'pino';

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/** pino's number for a level; 'silent' (and any unknown name) is above every level. */
function levelValue(level: string): number {
  return levels.values[level] ?? Number.POSITIVE_INFINITY;
}

/**
 * A request's logger that makes the real pino child on the first line actually written.
 * Fastify makes a child per request to bind its id, and with redaction configured pino runs
 * the redactor over the bindings each time: paid on every call, although at the production
 * level (warn) almost no request writes a line. Lines below the level are dropped here, as
 * pino would drop them; everything else goes to a real child with the same bindings.
 */
class LazyChildLogger implements FastifyBaseLogger {
  #child: FastifyBaseLogger | null = null;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  get level(): string {
    return this.#child ? this.#child.level : (this.options.level ?? this.parent.level);
  }

  set level(level: string) {
    this.#real().level = level;
  }

  fatal(...args: unknown[]): void {
    this.#write('fatal', args);
  }

  error(...args: unknown[]): void {
    this.#write('error', args);
  }

  warn(...args: unknown[]): void {
    this.#write('warn', args);
  }

  info(...args: unknown[]): void {
    this.#write('info', args);
  }

  debug(...args: unknown[]): void {
    this.#write('debug', args);
  }

  trace(...args: unknown[]): void {
    this.#write('trace', args);
  }

  silent(): void {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#real().child(bindings, options);
  }

  #real(): FastifyBaseLogger {
    this.#child ??= this.parent.child(this.bindings, this.options);
    return this.#child;
  }

  #write(level: Level, args: unknown[]): void {
    if (this.#child === null && levelValue(level) < levelValue(this.level)) return;
    const child = this.#real();
    Reflect.apply(child[level], child, args);
  }
}

/** Fastify's `childLoggerFactory`. */
export function lazyChildLogger(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  return new LazyChildLogger(logger, bindings, options);
}
