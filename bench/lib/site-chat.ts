import WebSocket from 'ws';
import { FORWARDED_FOR } from './site-address';
import type { Recorder, SiteClient } from './site-client';

const WORDS = [
  '好球',
  '加油',
  '稳了',
  '漂亮',
  '再来',
  '冲啊',
  '厉害',
  '可惜',
  '看好',
  '主队',
  '客队',
];

/**
 * A member's chat socket on their node (contract §7) as the page holds it during a visit: the
 * member's JWT, the lobby joined, a beat every 5 s; a message said is timed until the room
 * echoes it back to its sender (or refuses or shields it).
 */
export class ChatSocket {
  #ws: WebSocket | null = null;
  #beat: NodeJS.Timeout | null = null;
  #sent = 0;
  #pendingChat = new Map<string, { t0: number; done: (ok: boolean) => void }>();

  constructor(
    private readonly client: SiteClient,
    private readonly memberId: number,
    /** Varies the words between members. */
    private readonly salt: number,
    private readonly record: Recorder,
  ) {}

  /**
   * Opens the chat socket as the page does after a login (a new login ends the last session's
   * socket): the member's JWT, the handshake, the lobby joined. Timed until the lobby answers.
   */
  async open(): Promise<void> {
    this.close();
    const jwt = await this.client.data<{ token: string }>('memberJwt');
    const t0 = performance.now();
    const url = `${this.client.baseUrl.replace('http', 'ws')}/stream/ws/v1/handshake`;
    const ws = new WebSocket(url, {
      headers: { origin: this.client.baseUrl, [FORWARDED_FOR]: this.client.address },
    });
    let ok = false;
    try {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('chat: no lobby in 10 s')), 10_000);
        ws.once('error', reject);
        // The close code and reason say who closed it and why (the node's rules or the network).
        ws.once('close', (code, reason) =>
          reject(new Error(`chat: closed before the lobby (${code} ${reason.toString()})`)),
        );
        ws.on('message', (raw) => {
          if ((JSON.parse((raw as Buffer).toString()) as { msgId?: number }).msgId === 10002) {
            clearTimeout(timer);
            resolve();
          }
        });
        ws.once('open', () => {
          ws.send(
            JSON.stringify({
              msgId: 10001,
              msgData: {
                token: jwt.token,
                body: { clientType: 'web', deviceId: this.client.deviceId },
              },
            }),
          );
          ws.send(JSON.stringify({ msgId: 10002, msgData: { roomId: 1 } }));
        });
      });
      ok = true;
    } finally {
      this.record('chat.open(ws)', performance.now() - t0, ok);
      if (!ok) ws.terminate();
    }
    ws.removeAllListeners();
    ws.on('error', () => undefined);
    ws.on('message', (raw) => this.#onFrame((raw as Buffer).toString()));
    // A page beats every 5 s; the node closes sockets silent for 15 s.
    this.#beat = setInterval(() => {
      if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ msgId: 0, msgData: {} }));
    }, 5000);
    this.#ws = ws;
  }

  close(): void {
    if (this.#beat) clearInterval(this.#beat);
    this.#beat = null;
    this.#ws?.close();
    this.#ws = null;
  }

  #onFrame(raw: string): void {
    let f: {
      msgId?: number;
      msgData?: {
        content?: string;
        sender?: { memberId: number };
        error?: { code: number };
        reason?: string;
      };
    };
    try {
      f = JSON.parse(raw) as typeof f;
    } catch {
      return;
    }
    if (f.msgId !== 10003 && f.msgId !== 10005) return;
    const content = f.msgData?.content;
    const mine = content ? this.#pendingChat.get(content) : undefined;
    // Another member may say the same words: only this member's own message answers.
    if (f.msgId === 10003 && mine && f.msgData?.sender?.memberId === this.memberId)
      return mine.done(true);
    if (f.msgId === 10003) return;
    // A refusal (an error frame) or a shield notice answers this member's oldest send.
    if (f.msgData?.error || (f.msgId === 10005 && f.msgData?.reason)) {
      const first = this.#pendingChat.values().next().value;
      first?.done(false);
    }
  }

  /** Says something in the lobby and waits for the room to echo it back (or refuse it). */
  say(): Promise<void> {
    const ws = this.#ws;
    // Words, not digits (the room shields what looks like a phone or QQ number), and never the
    // same text twice in a row (a repeat mutes).
    const n = (this.#sent += 1);
    const content = [0, 1, 2]
      .map((i) => WORDS[(n * 7 + i * 3 + this.salt) % WORDS.length])
      .join('');
    const t0 = performance.now();
    return new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => finish(false), 10_000);
      const finish = (ok: boolean) => {
        clearTimeout(timer);
        this.#pendingChat.delete(content);
        this.record('chat.send(ws)', performance.now() - t0, ok);
        if (ok) resolve();
        else reject(new Error('chat refused or lost'));
      };
      if (!ws || ws.readyState !== WebSocket.OPEN) return finish(false);
      this.#pendingChat.set(content, { t0, done: finish });
      ws.send(JSON.stringify({ msgId: 10003, msgData: { roomId: 1, content } }));
    });
  }
}
