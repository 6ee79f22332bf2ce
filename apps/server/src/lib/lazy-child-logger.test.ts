import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { lazyChildLogger } from './lazy-child-logger';

function capture(level: string) {
  const lines: Record<string, unknown>[] = [];
  const logger = pino(
    { level },
    { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
  );
  return { logger, lines };
}

describe('lazyChildLogger', () => {
  it('drops lines below the level and writes the others with the bindings', () => {
    const { logger, lines } = capture('warn');
    const log = lazyChildLogger(logger, { reqId: 'req-1' }, {});
    expect(log.level).toBe('warn');
    log.info('dropped');
    log.debug('dropped');
    log.warn({ a: 1 }, 'kept %s', 'too');
    log.error(new Error('boom'));
    expect(lines.map((l) => [l.msg, l.reqId])).toEqual([
      ['kept too', 'req-1'],
      ['boom', 'req-1'],
    ]);
    expect(lines[0]).toMatchObject({ a: 1, level: 40 });
  });
  it('follows a route log level and a level set on it', () => {
    const { logger, lines } = capture('warn');
    const route = lazyChildLogger(logger, { reqId: 'req-2' }, { level: 'info' });
    expect(route.level).toBe('info');
    route.info('route info');
    const set = lazyChildLogger(logger, { reqId: 'req-3' }, {});
    set.level = 'debug';
    set.debug('now debug');
    expect(lines.map((l) => l.msg)).toEqual(['route info', 'now debug']);
  });
  it('a child of it keeps the request binding', () => {
    const { logger, lines } = capture('info');
    lazyChildLogger(logger, { reqId: 'req-4' }, {}).child({ part: 'x' }).info('from a child');
    expect(lines[0]).toMatchObject({ reqId: 'req-4', part: 'x', msg: 'from a child' });
  });
  it('writes nothing at silent', () => {
    const { logger, lines } = capture('silent');
    const log = lazyChildLogger(logger, { reqId: 'req-5' }, {});
    log.fatal('no');
    log.silent('no');
    expect(lines).toEqual([]);
  });
});
