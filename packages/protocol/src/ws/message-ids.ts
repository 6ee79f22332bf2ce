/**
 * Chat websocket message ids (contract §8.2). These are their own namespace: 10001–10017 are also
 * HTTP business codes, but a websocket id never reaches the HTTP code handlers (contract §7).
 */
export const MessageId = {
  Heartbeat: 0,
  Login: 10001,
  JoinRoom: 10002,
  BroadcastRoom: 10003,
  SpeechStatus: 10004,
  MsgShield: 10005,
  RoomStatus: 10006,
  ChatVIPLevel: 10007,
  BroadcastJoin: 10008,
  AllRoomMaintain: 10009,
  ShareBetRecord: 10010,
  ChatHistory: 10011,
  LeaveRoom: 10012,
  Score: 10014,
  Gift: 10017,
  /**
   * Server → client only: new mail for this member, pushed to the member's logged-in
   * sockets so the site shows the unread badge at once. An id of this site's own (contract §7),
   * numbered after the last of the others.
   */
  MailNotice: 10018,
} as const;

export type MessageId = (typeof MessageId)[keyof typeof MessageId];
export type MessageName = keyof typeof MessageId;

const knownIds: ReadonlySet<number> = new Set(Object.values(MessageId));

export function isMessageId(value: unknown): value is MessageId {
  return typeof value === 'number' && knownIds.has(value);
}

/** Name of an id, for logs; undefined for an unknown id. */
export function messageName(id: number): MessageName | undefined {
  return (Object.keys(MessageId) as MessageName[]).find((name) => MessageId[name] === id);
}
