import { bytesToHex, utf8Encode } from '../../../fair/bytes';
import { sha256 } from '../../../fair/sha256';
import type { ParSheet } from './par-sheet';

/**
 * A par sheet is hashed like a paytable (docs/contract.md §10.13): the exact bytes served at its
 * versioned URL are its JSON as serialised here, and the hash is their SHA-256, lowercase hex.
 */
export function parSheetText(p: ParSheet): string {
  return JSON.stringify(p);
}

export function parSheetHash(p: ParSheet): string {
  return bytesToHex(sha256(utf8Encode(parSheetText(p))));
}

/** The file name of a version at the par sheet URL (`v1.json`). */
export const parSheetFile = (version: number): string => `v${version}.json`;
