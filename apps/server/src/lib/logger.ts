import type { FastifyServerOptions } from 'fastify';

/** Where log lines go instead of stdout (tests capture the real output with it). */
export interface LogStream {
  write(line: string): void;
}

/**
 * pino options: tokens, passwords and secrets never reach the log, including a token handed
 * over in a URL (contract §8.3 `token` / `appdown-token`).
 */
export function loggerOptions(level: string, stream?: LogStream): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: {
      paths: [
        'req.headers["x-api-token"]',
        'req.headers["x-admin-token"]',
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["x-sign"]',
        '*.password',
        '*.oldPassword',
        '*.newPassword',
        '*.fundPassword',
        '*.token',
        '*.code',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req(req: { method: string; url: string; ip?: string; id?: string }) {
        return { id: req.id, method: req.method, url: redactUrl(req.url), ip: req.ip };
      },
    },
  };
}

export function redactUrl(url: string): string {
  return url.replace(/([?&](?:token|appdown-token|code|password)=)[^&#]*/gi, '$1[redacted]');
}
