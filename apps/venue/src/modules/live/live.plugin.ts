import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ErrorCode } from '@nebula/protocol';
import { LIVE_LIMITS, h5LivePath } from '@nebula/protocol/venue/live-frames';
import type { VenueLimits } from '../../infra/config';
import { AddressSockets } from './address-sockets.service';
import { LiveConnection, SessionSockets, type LiveSessions } from './live-connection.service';
import type { LiveHub } from './live-hub.service';
import type { ChannelHub } from './channel-hub.service';

/**
 * Only the venue's own page may open the socket: a browser always sends Origin on a websocket
 * upgrade, and a page on any other origin (a member site included: it never talks to the
 * socket itself) is refused before the upgrade.
 */
function ownOrigin(req: FastifyRequest, publicUrl: string): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  if (origin === new URL(publicUrl).origin) return true;
  try {
    return new URL(origin).host === req.headers.host;
  } catch {
    return false;
  }
}

/** The page's live socket (contract §6) at `h5LivePath`, on the venue's own origin. */
export function registerLiveSocket(
  app: FastifyInstance,
  deps: {
    hub: LiveHub;
    channels: ChannelHub;
    sessions: LiveSessions;
    publicUrl: string;
    limits: VenueLimits;
  },
): void {
  const sockets = new SessionSockets();
  const addresses = new AddressSockets(deps.limits);
  void app.register(async (scope) => {
    await scope.register(websocket, {
      options: { maxPayload: LIVE_LIMITS.frameBytes, perMessageDeflate: false },
    });
    scope.get(
      h5LivePath,
      {
        websocket: true,
        preValidation: (req, reply, done) => {
          if (!ownOrigin(req, deps.publicUrl)) {
            void reply.code(403).send({ code: ErrorCode.Common, message: '来源不被允许' });
            return;
          }
          done();
        },
      },
      (socket, req) =>
        new LiveConnection(
          socket,
          deps.hub,
          deps.sessions,
          sockets,
          { ip: req.ip, addresses },
          deps.channels,
        ).start(),
    );
  });
  app.addHook('onClose', async () => {
    await deps.hub.stop();
    await deps.channels.stop();
  });
}
