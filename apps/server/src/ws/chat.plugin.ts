import { EventEmitter } from 'node:events';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ErrorCode } from '@nebula/protocol';
import type { Config } from '../config/config';
import { fail } from '../lib/envelope';
import type { ChatHub } from './chat-hub';
import { ChatSocketCap } from './chat-socket-cap';

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

/** What an upgrade to any other path gets: the unknown-path envelope, then the socket closes. */
const REFUSAL_BODY = JSON.stringify(fail(ErrorCode.Common, '接口不存在'));
const REFUSAL =
  'HTTP/1.1 404 Not Found\r\nConnection: close\r\n' +
  'Content-Type: application/json; charset=utf-8\r\nCache-Control: no-store\r\n' +
  `Content-Length: ${Buffer.byteLength(REFUSAL_BODY)}\r\n\r\n${REFUSAL_BODY}`;

function refuseUpgrade(socket: Duplex, answer = REFUSAL): void {
  // Node removed its own error listener before handing the socket over.
  socket.on('error', () => socket.destroy());
  socket.once('finish', () => socket.destroy());
  socket.end(answer);
}

/**
 * What a chat upgrade past the node's cap gets: 503 and the socket closed, before any websocket
 * work. The member site's client counts it as a failed connection and retries after 3 s, at
 * most 5 times (contract §8.3); a socket accepted and then closed with 1013 would reset its
 * count on open and retry forever.
 */
const FULL_BODY = JSON.stringify(fail(ErrorCode.Common, '聊天连接已满，请稍后再试'));
const FULL =
  'HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nRetry-After: 5\r\n' +
  'Content-Type: application/json; charset=utf-8\r\nCache-Control: no-store\r\n' +
  `Content-Length: ${Buffer.byteLength(FULL_BODY)}\r\n\r\n${FULL_BODY}`;

function isChatUpgrade(req: IncomingMessage): boolean {
  if (req.method !== 'GET' || req.url === undefined) return false;
  const q = req.url.indexOf('?');
  return (q === -1 ? req.url : req.url.slice(0, q)) === CHAT_PATH;
}

/**
 * The chat websocket (contract §7): Origin allowlist, 64 KB frames, no compression. Not signed:
 * the chat authenticates with its JWT in the login frame.
 *
 * @fastify/websocket lives in its own encapsulated context with the chat route: registered at
 * the root, its onRequest and onResponse hooks and its handler wrapper ran on every HTTP call
 * of the API (docs/benchmarks.md, "## api"). Its upgrades then no longer pass through routes
 * that would close them, so only GET upgrades to the chat path reach it (through an emitter it
 * takes as its server); any other upgrade is refused here and its socket closed, never left
 * open with nobody reading it.
 *
 * The node holds at most `config.chatMaxSockets` chat sockets: past it a new upgrade is
 * answered 503 at once, so a full room leaves the node files for HTTP and its database
 * (docs/architecture.md, the chat socket).
 */
export async function registerChatSocket(
  app: FastifyInstance,
  hub: ChatHub,
  config: Config,
): Promise<void> {
  const upgrades = new WeakMap<IncomingMessage, ServerResponse>();
  const chatUpgrades = new EventEmitter();
  const cap = new ChatSocketCap(config.chatMaxSockets, app.log);
  app.addHook('onClose', () => cap.stop());
  app.server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    // After close the plugin stops listening: nothing may be left hanging then either.
    if (!isChatUpgrade(req) || chatUpgrades.listenerCount('upgrade') === 0) {
      refuseUpgrade(socket);
      return;
    }
    // The upgrade reaches hub.accept within this emit (no hook on its way waits on I/O), so the
    // hub's count already holds every upgrade admitted before this one.
    if (!cap.admits(hub.stats().sockets)) {
      refuseUpgrade(socket, FULL);
      return;
    }
    chatUpgrades.emit('upgrade', req, socket, head);
  });
  await app.register(async (chat) => {
    await chat.register(websocket, {
      options: {
        maxPayload: MAX_FRAME_BYTES,
        perMessageDeflate: false,
        // Only ever used for its 'upgrade' event by the plugin.
        server: chatUpgrades as unknown as Server,
      },
    });
    chat.get(
      CHAT_PATH,
      {
        websocket: true,
        schema: { hide: true },
        preValidation: (req, reply, done) => {
          if (!allowedOrigin(req, config)) {
            void reply.code(403).send(fail(ErrorCode.Common, 'origin not allowed'));
            return;
          }
          // Too many anonymous sockets from this address (CHAT_ANON_PER_IP), or it flooded: 503
          // before the upgrade, as past the node's cap. The hub's own check on accept stays.
          if (!hub.admits(req.ip)) {
            void reply
              .code(503)
              .header('retry-after', '5')
              .send(fail(ErrorCode.Common, '聊天连接过多，请稍后再试'));
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
  });
}
