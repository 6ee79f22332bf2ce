import type { IncomingMessage, ServerResponse } from 'node:http';
import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ErrorCode } from '@nebula/protocol';
import type { Config } from '../config/config';
import { fail } from '../lib/envelope';
import type { ChatHub } from './chat-hub';

export const CHAT_PATH = '/stream/ws/v1/handshake';
/** Frames above 64 KB close the socket with 1009 (message too big). */
export const MAX_FRAME_BYTES = 64 * 1024;

function allowedOrigin(req: FastifyRequest, config: Config): boolean {
  const origin = req.headers.origin;
  // Only browsers send Origin, and only browsers can be tricked into cross-site sockets.
  if (!origin) return true;
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    return false;
  }
  if (host === req.headers.host) return true;
  const allowed = [...config.allowedOrigins, ...(config.publicUrl ? [config.publicUrl] : [])];
  return allowed.some((a) => {
    try {
      return new URL(a).host === host;
    } catch {
      return false;
    }
  });
}

/**
 * The chat websocket (contract §7): Origin allowlist, 64 KB frames, no compression. Not signed:
 * the chat authenticates with its JWT in the login frame.
 */
export async function registerChatSocket(
  app: FastifyInstance,
  hub: ChatHub,
  config: Config,
): Promise<void> {
  const upgrades = new WeakMap<IncomingMessage, ServerResponse>();
  await app.register(websocket, {
    options: { maxPayload: MAX_FRAME_BYTES, perMessageDeflate: false },
  });
  app.get(
    CHAT_PATH,
    {
      websocket: true,
      schema: { hide: true },
      preValidation: (req, reply, done) => {
        if (!allowedOrigin(req, config)) {
          void reply.code(403).send(fail(ErrorCode.Common, 'origin not allowed'));
          return;
        }
        upgrades.set(req.raw, reply.raw);
        done();
      },
    },
    (socket, req) => {
      // The upgrade's HTTP response never finishes: attached to the connection it would keep
      // the request, the reply and their listeners (~3 KiB) for the socket's whole life.
      upgrades.get(req.raw)?.detachSocket(req.raw.socket);
      upgrades.delete(req.raw);
      // @fastify/websocket's own error listener closes over the request and its reply too;
      // the hub's shared listener replaces it.
      socket.removeAllListeners('error');
      hub.accept(socket, req.ip);
    },
  );
}
