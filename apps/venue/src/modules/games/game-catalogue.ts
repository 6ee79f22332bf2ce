import { drawK3, drawPk10, drawSsc, type Drawn } from '@nebula/protocol';
import {
  K3_PAYTABLE_V1,
  PK10_PAYTABLE_V1,
  SSC_PAYTABLE_V1,
  paytableHash,
  type AnyPaytable,
} from '@nebula/protocol/venue/games/index';

/**
 * The games the house venue runs, with the code that draws each one (docs/contract.md §10.7,
 * §10.10): the lottery's three, one draw a minute each, on the same kernel.
 */
export interface GameDefinition {
  code: string;
  family: 'CP';
  name: string;
  paytable: AnyPaytable;
  paytableHash: string;
  draw: (seed: Uint8Array, message: string) => Drawn<number[]>;
}

const lottery = (
  code: string,
  name: string,
  paytable: AnyPaytable,
  draw: GameDefinition['draw'],
): GameDefinition => ({
  code,
  family: 'CP',
  name,
  paytable,
  paytableHash: paytableHash(paytable),
  draw,
});

export const GAME_CATALOGUE: readonly GameDefinition[] = [
  lottery('JSK3', '极速快3', K3_PAYTABLE_V1, (seed, message) => drawK3(seed, message)),
  lottery('JSPK10', '极速PK10', PK10_PAYTABLE_V1, (seed, message) => drawPk10(seed, message)),
  lottery('JSSSC', '极速时时彩', SSC_PAYTABLE_V1, (seed, message) => drawSsc(seed, message)),
];

export const gameDefinition = (code: string): GameDefinition | undefined =>
  GAME_CATALOGUE.find((g) => g.code === code);
