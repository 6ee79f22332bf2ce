import { drawK3, type Drawn } from '@nebula/protocol';
import { K3_PAYTABLE_V1, paytableHash, type Paytable } from '@nebula/protocol/venue/games/index';

/**
 * The games the house venue runs, with the code that draws each one. Only 极速快3 runs on the
 * kernel today; the lottery's other two games join it with their bet rules.
 */
export interface GameDefinition {
  code: string;
  family: 'CP';
  name: string;
  paytable: Paytable;
  paytableHash: string;
  draw: (seed: Uint8Array, message: string) => Drawn<number[]>;
}

export const GAME_CATALOGUE: readonly GameDefinition[] = [
  {
    code: 'JSK3',
    family: 'CP',
    name: '极速快3',
    paytable: K3_PAYTABLE_V1,
    paytableHash: paytableHash(K3_PAYTABLE_V1),
    draw: (seed, message) => drawK3(seed, message),
  },
];

export const gameDefinition = (code: string): GameDefinition | undefined =>
  GAME_CATALOGUE.find((g) => g.code === code);
