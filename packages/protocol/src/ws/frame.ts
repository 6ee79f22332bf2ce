import { ErrorCode, messageFor } from '../errors/codes';
import {
  clientMessageSchemas,
  isClientMessageId,
  type ClientMessageId,
  type ClientMessages,
  type ServerMessageId,
  type ServerMessages,
} from './messages';

/** A websocket frame: JSON text `{"msgId": <number>, "msgData": <object>}` (contract §7). */
export interface Frame<Id extends number = number, Data extends object = object> {
  msgId: Id;
  msgData: Data;
}

/** Any client→server frame; a union over ids, so narrowing on `msgId` narrows `msgData`. */
export type ClientFrame<Id extends ClientMessageId = ClientMessageId> = Id extends ClientMessageId
  ? Frame<Id, ClientMessages[Id]>
  : never;
/** Any successful server→client frame, likewise a union over ids. */
export type ServerFrame<Id extends ServerMessageId = ServerMessageId> = Id extends ServerMessageId
  ? Frame<Id, ServerMessages[Id]>
  : never;

/** The chat's own codes (contract §7: errors on the socket are 9xxx). */
export const chatErrorCodes = [
  ErrorCode.ChatServerError,
  ErrorCode.ChatNotLoggedIn,
  ErrorCode.ChatMuted,
  ErrorCode.ChatVipNotAllowed,
  ErrorCode.ChatRoomClosed,
  ErrorCode.ChatFloodLimited,
  ErrorCode.ChatMessageTooLong,
  ErrorCode.ChatMalformedFrame,
  ErrorCode.ChatUnknownMessage,
  ErrorCode.ChatInsufficientCoin,
  ErrorCode.ChatRoomNotFound,
  ErrorCode.ChatMessageShielded,
  ErrorCode.ChatNotInRoom,
  ErrorCode.ChatMaintenance,
  ErrorCode.ChatGiftNotFound,
  ErrorCode.ChatIdempotencyConflict,
  ErrorCode.ChatBetNotShareable,
] as const;
export type ChatErrorCode = (typeof chatErrorCodes)[number];

export function isChatErrorCode(code: number): code is ChatErrorCode {
  return (chatErrorCodes as readonly number[]).includes(code);
}

export interface ChatErrorPayload {
  error: { code: ChatErrorCode; message: string };
}
/** An error answer keeps the request's msgId (UNPARSED_MSG_ID when it had none). */
export type ErrorFrame = Frame<number, ChatErrorPayload>;

/**
 * msgId of the error answer to text that had no numeric msgId (not JSON, not an object):
 * there is no request id to keep, and 0 would read as a heartbeat.
 */
export const UNPARSED_MSG_ID = -1;

export function isErrorFrame(frame: Frame): frame is ErrorFrame {
  const data: object = frame.msgData;
  if (!('error' in data)) return false;
  const error: unknown = data.error;
  return typeof error === 'object' && error !== null && 'code' in error && 'message' in error;
}

export function encodeClientFrame<Id extends ClientMessageId>(
  msgId: Id,
  msgData: ClientMessages[Id],
): string {
  return JSON.stringify({ msgId, msgData });
}

export function encodeServerFrame<Id extends ServerMessageId>(
  msgId: Id,
  msgData: ServerMessages[Id],
): string {
  return JSON.stringify({ msgId, msgData });
}

/** An error answer; the message defaults to the catalogue text of the code. */
export function encodeErrorFrame(msgId: number, code: ChatErrorCode, message?: string): string {
  const frame: ErrorFrame = {
    msgId,
    msgData: { error: { code, message: message ?? messageFor(code) } },
  };
  return JSON.stringify(frame);
}

export type DecodeClientResult =
  | { ok: true; frame: ClientFrame }
  | {
      ok: false;
      /** The msgId the error answer must carry. */
      msgId: number;
      code: typeof ErrorCode.ChatMalformedFrame | typeof ErrorCode.ChatUnknownMessage;
      /** For logs only: never sent to the client (it could echo attacker input). */
      detail: string;
    };

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Checks the `{ msgId, msgData }` envelope: exactly those two keys, an integer id, an object. */
function readEnvelope(value: unknown): Frame<number, Record<string, unknown>> | string {
  if (!isPlainObject(value)) return 'frame is not an object';
  const keys = Object.keys(value);
  if (keys.some((key) => key !== 'msgId' && key !== 'msgData')) return 'unknown frame field';
  const { msgId, msgData } = value;
  if (typeof msgId !== 'number' || !Number.isSafeInteger(msgId)) return 'msgId is not an integer';
  if (!isPlainObject(msgData)) return 'msgData is not an object';
  return { msgId, msgData };
}

/**
 * Validates a client frame as the server receives it: malformed (9107) and unknown id (9108)
 * are told apart so the answer is precise. On success the payload is the schema's output
 * (e.g. trimmed content), typed by its msgId.
 */
export function decodeClientFrame(text: string): DecodeClientResult {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return fail(UNPARSED_MSG_ID, ErrorCode.ChatMalformedFrame, 'not JSON');
  }
  const envelope = readEnvelope(parsed);
  if (typeof envelope === 'string') {
    const rawId = isPlainObject(parsed) ? parsed.msgId : undefined;
    const msgId =
      typeof rawId === 'number' && Number.isSafeInteger(rawId) ? rawId : UNPARSED_MSG_ID;
    return fail(msgId, ErrorCode.ChatMalformedFrame, envelope);
  }
  const { msgId, msgData } = envelope;
  if (!isClientMessageId(msgId)) {
    return fail(msgId, ErrorCode.ChatUnknownMessage, `unknown msgId ${msgId}`);
  }
  const result = clientMessageSchemas[msgId].safeParse(msgData);
  if (!result.success) {
    const issue = result.error.issues[0];
    const where = issue ? `${issue.path.join('.')}: ${issue.message}` : 'invalid';
    return fail(msgId, ErrorCode.ChatMalformedFrame, where);
  }
  // The schema table is keyed by msgId, so the data's type matches the id.
  return { ok: true, frame: { msgId, msgData: result.data } as ClientFrame };
}

function fail(
  msgId: number,
  code: typeof ErrorCode.ChatMalformedFrame | typeof ErrorCode.ChatUnknownMessage,
  detail: string,
): DecodeClientResult {
  return { ok: false, msgId, code, detail };
}

/**
 * Reads a server frame on the client. Only the envelope is checked: the server is trusted for
 * payload shapes; null means the text was not a frame at all (the client ignores it).
 */
export function decodeServerFrame(text: string): ServerFrame | ErrorFrame | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  const envelope = readEnvelope(parsed);
  if (typeof envelope === 'string') return null;
  return envelope as unknown as ServerFrame | ErrorFrame;
}
