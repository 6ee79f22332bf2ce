import { asciiBytes, bytesToHex, hexToBytes } from './bytes';
import { sha256 } from './sha256';

/**
 * The shoe's Merkle tree (docs/contract.md §10.12): a leaf is SHA-256 of the ASCII string
 * `{position}:{card}:{salt}` (decimal, decimal, hex); a node is SHA-256(left ‖ right) over raw
 * bytes; an odd last node is carried up unchanged. Root and proofs in lowercase hex, so a round
 * can reveal its cards and be checked against the root published when the shoe started.
 */

export function merkleLeaf(position: number, card: number, salt: string): Uint8Array {
  return sha256(asciiBytes(`${position}:${card}:${salt}`));
}

function parent(left: Uint8Array, right: Uint8Array): Uint8Array {
  const both = new Uint8Array(left.length + right.length);
  both.set(left, 0);
  both.set(right, left.length);
  return sha256(both);
}

/** Every level from the leaves (level 0) up to the root (the last level, one node). */
export function merkleLevels(leaves: readonly Uint8Array[]): Uint8Array[][] {
  if (leaves.length === 0) throw new RangeError('a Merkle tree needs at least one leaf');
  const levels: Uint8Array[][] = [[...leaves]];
  while (levels[levels.length - 1]!.length > 1) {
    const below = levels[levels.length - 1]!;
    const up: Uint8Array[] = [];
    for (let i = 0; i < below.length; i += 2) {
      up.push(i + 1 < below.length ? parent(below[i]!, below[i + 1]!) : below[i]!);
    }
    levels.push(up);
  }
  return levels;
}

export function merkleRoot(leaves: readonly Uint8Array[]): string {
  const levels = merkleLevels(leaves);
  return bytesToHex(levels[levels.length - 1]![0]!);
}

/** One step of a proof: the sibling's hash and the side it sits on. */
export interface MerkleStep {
  side: 'left' | 'right';
  hash: string;
}

/** The path from leaf `index` to the root; levels where the node was carried up add no step. */
export function merkleProof(levels: readonly Uint8Array[][], index: number): MerkleStep[] {
  const proof: MerkleStep[] = [];
  let i = index;
  for (let l = 0; l < levels.length - 1; l++) {
    const level = levels[l]!;
    const sibling = i % 2 === 0 ? i + 1 : i - 1;
    if (sibling < level.length) {
      proof.push({ side: i % 2 === 0 ? 'right' : 'left', hash: bytesToHex(level[sibling]!) });
    }
    i = Math.floor(i / 2);
  }
  return proof;
}

/** Whether a revealed card, its salt and its proof lead to the published root. */
export function verifyMerkleProof(
  position: number,
  card: number,
  salt: string,
  proof: readonly MerkleStep[],
  root: string,
): boolean {
  let node = merkleLeaf(position, card, salt);
  for (const step of proof) {
    const sibling = hexToBytes(step.hash);
    node = step.side === 'right' ? parent(node, sibling) : parent(sibling, node);
  }
  return bytesToHex(node) === root;
}

/** The shoe's tree: a leaf per position from its cards and salts. */
export function shoeLevels(cards: readonly number[], salts: readonly string[]): Uint8Array[][] {
  return merkleLevels(cards.map((card, position) => merkleLeaf(position, card, salts[position]!)));
}
