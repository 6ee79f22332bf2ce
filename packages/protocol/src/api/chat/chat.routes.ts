import { z } from 'zod';
import { defineRoute } from '../core/route';
import { chatRouteMeta as m } from './chat.meta';
import { MemberIdParams, emptyObject } from '../core/common';
import {
  BlockedWords,
  BlockedWordsRequest,
  ChatHistoryHttp,
  ChatHistoryHttpRequest,
  ChatMaintainRequest,
  ChatMe,
  ChatRoomInfo,
  ChatRoomList,
  GiftList,
  MessageIdParams,
  MuteRequest,
  RoomCreateRequest,
  RoomIdParams,
  RoomUpdateRequest,
  StaffRequest,
} from './chat.schemas';
import { AdminChatRoomPage, AdminChatRoomQuery } from './chat-admin.schemas';

/** The chat (members and moderators) calls with their schemas; `../routes.ts` joins them into the route table. */
export const chatRoutes = {
  // chat
  chatHistory: defineRoute(m.chatHistory, {
    body: ChatHistoryHttpRequest,
    response: ChatHistoryHttp,
  }),
  chatRooms: defineRoute(m.chatRooms, { response: ChatRoomList }),
  chatGifts: defineRoute(m.chatGifts, { response: GiftList }),
  chatMe: defineRoute(m.chatMe, { response: ChatMe }),
  adminChatRooms: defineRoute(m.adminChatRooms, {
    query: AdminChatRoomQuery,
    response: AdminChatRoomPage,
  }),
  adminChatRoomCreate: defineRoute(m.adminChatRoomCreate, {
    body: RoomCreateRequest,
    response: ChatRoomInfo,
  }),
  adminChatRoomUpdate: defineRoute(m.adminChatRoomUpdate, {
    params: RoomIdParams,
    body: RoomUpdateRequest,
    response: ChatRoomInfo,
  }),
  adminChatMute: defineRoute(m.adminChatMute, {
    params: MemberIdParams,
    body: MuteRequest,
    response: z.null(),
  }),
  adminChatDelete: defineRoute(m.adminChatDelete, {
    params: MessageIdParams,
    body: emptyObject,
    response: z.null(),
  }),
  adminChatBlockedWords: defineRoute(m.adminChatBlockedWords, { response: BlockedWords }),
  adminChatBlockedWordsSet: defineRoute(m.adminChatBlockedWordsSet, {
    body: BlockedWordsRequest,
    response: BlockedWords,
  }),
  adminChatStaff: defineRoute(m.adminChatStaff, {
    params: MemberIdParams,
    body: StaffRequest,
    response: z.null(),
  }),
  adminChatMaintain: defineRoute(m.adminChatMaintain, {
    body: ChatMaintainRequest,
    response: z.null(),
  }),
} as const;
