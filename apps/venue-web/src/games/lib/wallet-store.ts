import { bridge } from '../../lib/frame-bridge';
import { createStore } from '../../lib/store';

/**
 * The venue balance as the games page last heard it. A game venue's session calls only the
 * games API (docs/contract.md §10.11), so the balance arrives with each placed slip; the
 * header shows it once known and tells the member site it changed.
 */
export const gameBalance = createStore<string | null>(null);

export function balanceFromSlip(balance: string): void {
  gameBalance.set(balance);
  bridge.post({ type: 'balanceChanged' });
}
