import { createHash, timingSafeEqual } from 'node:crypto';
import { ErrorCode } from '@nebula/protocol';
import { OPERATOR_NAME_PATTERN, type VenueOperatorRole } from '@nebula/protocol/venue/operator';
import type { VenueOperator } from '../../infra/config';
import { VenueError } from '../../infra/venue-error';

const rank: Record<VenueOperatorRole, number> = { viewer: 0, trader: 1, admin: 2 };
const digest = (token: string) => createHash('sha256').update(token).digest();

/**
 * Who an operator token is, and whether their role allows a call. Tokens are compared as
 * digests in constant time; an unknown token and a missing one are refused alike (8041), a
 * role below the call's (8042).
 */
export class OperatorAuth {
  readonly #operators: { name: string; role: VenueOperatorRole; digest: Buffer }[];

  constructor(operators: readonly VenueOperator[]) {
    this.#operators = operators.map((o) => ({
      name: o.name,
      role: o.role,
      digest: digest(o.token),
    }));
  }

  /**
   * `onBehalfOf`: the console operator a platform calls for (its name header); the audit then
   * names both, `<token's operator>/<console operator>`. A malformed name is refused (8000s).
   */
  verify(
    token: unknown,
    least: VenueOperatorRole,
    onBehalfOf?: unknown,
  ): { name: string; role: VenueOperatorRole } {
    const d = digest(typeof token === 'string' && token.length <= 200 ? token : '');
    let found: { name: string; role: VenueOperatorRole } | null = null;
    // Every entry is compared, so the time does not tell which one matched.
    for (const o of this.#operators) {
      if (timingSafeEqual(o.digest, d)) found = { name: o.name, role: o.role };
    }
    if (!found) throw new VenueError(ErrorCode.VenueOperatorUnauthorized);
    if (rank[found.role] < rank[least]) throw new VenueError(ErrorCode.VenueOperatorForbidden);
    if (onBehalfOf === undefined) return found;
    if (typeof onBehalfOf !== 'string' || !OPERATOR_NAME_PATTERN.test(onBehalfOf))
      throw new VenueError(ErrorCode.VenueRequestInvalid);
    return { name: `${found.name}/${onBehalfOf}`, role: found.role };
  }
}
