import type { FastifyInstance } from 'fastify';
import { CHAT_HISTORY_LIMIT_DEFAULT } from '@nebula/protocol';
import { requireMember } from '../../http/member-context';
import { bindRoute, type BindOptions } from '../../http/route-binder';
import { requireOperator } from '../../http/operator-context';
import type { ChatService } from './chat.service';

export function registerChatRoutes(app: FastifyInstance, chat: ChatService, o: BindOptions): void {
  bindRoute(
    app,
    'chatHistory',
    async ({ body, ctx }) => ({
      roomId: body.roomId,
      messages: await chat.history(
        body.roomId,
        body.beforeId,
        body.limit ?? CHAT_HISTORY_LIMIT_DEFAULT,
        ctx.memberId,
      ),
    }),
    o,
  );
  bindRoute(app, 'chatRooms', async () => ({ list: [...(await chat.rooms()).values()] }), o);
  bindRoute(app, 'chatGifts', async () => ({ list: await chat.gifts() }), o);
  bindRoute(app, 'chatMe', ({ ctx }) => chat.me(requireMember(ctx).memberId), o);
  const actor = (req: Parameters<Parameters<typeof bindRoute>[2]>[0]['req']) =>
    requireOperator(req.operator).userName;
  // adminChatRooms (paged, filtered) is in chat-admin.routes.ts.
  bindRoute(app, 'adminChatRoomCreate', ({ req, body }) => chat.createRoom(actor(req), body), o);
  bindRoute(
    app,
    'adminChatRoomUpdate',
    ({ req, params, body }) => chat.updateRoom(actor(req), params.roomId, body),
    o,
  );
  bindRoute(
    app,
    'adminChatMute',
    async ({ req, params, body }) => {
      await chat.mute(actor(req), params.memberId, body.muted, body.minutes, body.reason);
      return null;
    },
    o,
  );
  bindRoute(
    app,
    'adminChatDelete',
    async ({ req, params }) => {
      await chat.deleteMessage(actor(req), params.messageId);
      return null;
    },
    o,
  );
  bindRoute(app, 'adminChatBlockedWords', async () => ({ words: await chat.blockedWords() }), o);
  bindRoute(
    app,
    'adminChatBlockedWordsSet',
    async ({ req, body }) => ({ words: await chat.setBlockedWords(actor(req), body.words) }),
    o,
  );
  bindRoute(
    app,
    'adminChatStaff',
    async ({ req, params, body }) => {
      await chat.setStaff(actor(req), params.memberId, body.staff);
      return null;
    },
    o,
  );
  bindRoute(
    app,
    'adminChatMaintain',
    async ({ req, body }) => {
      await chat.setMaintain(actor(req), body.maintain, body.message);
      return null;
    },
    o,
  );
}
