import { ErrorCode } from '@nebula/protocol';
import { LIVE_LIMITS } from '@nebula/protocol/venue/live-frames';
import type { GameFamily } from '../../infra/config';
import type { ChannelSource, ChannelState } from './channel-source.model';
import { channelFrames, snapshotFrame } from './channel-frames.model';

/** One page's socket as the channel hub sees it. */
export interface ChannelWatcher {
  readonly watched: Set<string>;
  send(frame: string): void;
}

/**
 * How often a node looks at the channels its pages watch: the zone totals reach the pages at
 * most this often (coalesced however many bets land), and a seal, a deal or a draw this soon.
 */
export const CHANNEL_POLL_MS = 250;

/**
 * The house games' channels of one node (docs/contract.md §10.11, §10.12). Like the
 * sportsbook's hub it learns from the database — the clock runs on the leader and bets land on
 * any node, so every node sees every change there — with one look per interval for all its
 * watched channels, whatever the number of pages. Each change is serialized once per channel
 * and the same text sent to every page watching it; a page that starts watching (a first
 * visit, a reconnect) gets the state this node last published as a snapshot, then the changes.
 */
export class ChannelHub {
  readonly #published = new Map<string, ChannelState>();
  readonly #watchers = new Map<string, Set<ChannelWatcher>>();
  #timer: NodeJS.Timeout | null = null;
  #polling: Promise<void> | null = null;
  /** Frames published by this node (the bench reads it). */
  published = 0;

  constructor(
    private readonly source: ChannelSource,
    private readonly pollMs: number,
    private readonly now: () => number,
  ) {}

  /**
   * Watches `channels` for a page of `family`, all or none: a channel it may not watch refuses
   * the request with that channel's code, as does going past LIVE_LIMITS.channels (8061).
   */
  async watch(
    w: ChannelWatcher,
    channels: readonly string[],
    family: GameFamily | null,
  ): Promise<ErrorCode | null> {
    for (const channel of channels) {
      const refused = this.source.refusal(channel, family);
      if (refused !== null) return refused;
    }
    const fresh = [...new Set(channels)].filter((c) => !w.watched.has(c));
    if (w.watched.size + fresh.length > LIVE_LIMITS.channels) {
      return ErrorCode.LiveTooManySubscriptions;
    }
    const unknown = fresh.filter((c) => !this.#published.has(c));
    const read =
      unknown.length > 0 ? await this.source.read(unknown) : new Map<string, ChannelState>();
    const at = this.now();
    for (const channel of fresh) {
      // Another page's watch may have published it meanwhile: its state is the one to diff.
      let state = this.#published.get(channel);
      if (!state) {
        state = read.get(channel);
        if (!state) continue;
        this.#published.set(channel, state);
      }
      w.watched.add(channel);
      let set = this.#watchers.get(channel);
      if (!set) this.#watchers.set(channel, (set = new Set()));
      set.add(w);
      w.send(JSON.stringify(snapshotFrame(channel, state, at)));
    }
    this.#ensurePolling();
    return null;
  }

  unwatch(w: ChannelWatcher, channels: readonly string[]): void {
    for (const channel of channels) {
      w.watched.delete(channel);
      const set = this.#watchers.get(channel);
      if (!set) continue;
      set.delete(w);
      if (set.size === 0) {
        this.#watchers.delete(channel);
        this.#published.delete(channel);
      }
    }
    if (this.#watchers.size === 0 && this.#timer) {
      clearInterval(this.#timer);
      this.#timer = null;
    }
  }

  detach(w: ChannelWatcher): void {
    this.unwatch(w, [...w.watched]);
  }

  /** Reads the watched channels once and pushes what changed (the timer calls it). */
  async poll(): Promise<void> {
    const channels = [...this.#watchers.keys()];
    if (channels.length === 0) return;
    const states = await this.source.read(channels);
    const at = this.now();
    for (const [channel, next] of states) {
      const before = this.#published.get(channel);
      const set = this.#watchers.get(channel);
      if (!before || !set) continue;
      const frames = channelFrames(channel, before, next, at);
      this.#published.set(channel, next);
      if (frames.length === 0) continue;
      const texts = frames.map((f) => JSON.stringify(f));
      this.published += texts.length;
      for (const w of set) for (const text of texts) w.send(text);
    }
  }

  stop(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    return this.#polling ?? Promise.resolve();
  }

  #ensurePolling(): void {
    if (this.#timer || this.#watchers.size === 0) return;
    this.#timer = setInterval(() => {
      // One look at a time: a slow database skips ticks rather than piling reads up.
      if (this.#polling) return;
      this.#polling = this.poll()
        .catch(() => {})
        .finally(() => {
          this.#polling = null;
        });
    }, this.pollMs);
    this.#timer.unref();
  }
}
