import type { ErrorCode } from '@nebula/protocol';
import type { RoundView } from '@nebula/protocol/venue/games/games';
import type { TableRoundView } from '@nebula/protocol/venue/games/tables-api';
import type { GameFamily } from '../../infra/config';

/** What a channel looks like at one read: a table's current round, a lottery game's rounds. */
export type ChannelState =
  { kind: 'table'; round: TableRoundView | null } | { kind: 'lottery'; rounds: RoundView[] };

/**
 * Where the channel hub reads the channels from (the house games' module implements it): the
 * live module names what it needs here so that it never imports the games module, which itself
 * serves its pages through h5 and live (docs/architecture.md, the venue's modules).
 */
export interface ChannelSource {
  /** Why this session may not watch the channel, or null when it may. */
  refusal(channel: string, family: GameFamily | null): ErrorCode | null;
  /** Each known channel's state; unknown channels are absent. */
  read(channels: readonly string[]): Promise<Map<string, ChannelState>>;
}
