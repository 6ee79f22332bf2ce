import type { RouteName } from '@nebula/protocol';
import type { Operator } from './operator-context';

/**
 * The four-eyes gate (approvals/approvals.service.ts), by its shape: the approvals module runs
 * the wallet's actions once approved, so the modules it gates do not import it back.
 */
export interface FourEyesGate {
  gate(
    op: Operator,
    action: RouteName,
    target: string,
    value: { asset: 'CNY' | 'COIN' | 'POINTS'; units: bigint },
    payload: Record<string, unknown>,
  ): Promise<void>;
  /** Files a request when `raises` (a reward rate or cap goes up); otherwise lets it through. */
  gateRaise(
    op: Operator,
    action: RouteName,
    target: string,
    raises: boolean,
    payload: Record<string, unknown>,
  ): Promise<void>;
}
