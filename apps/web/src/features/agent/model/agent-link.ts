import { REGISTER_PATH } from '../../../site/paths';

/** The agent's registration link: the site's register page with `agent_verify` (contract §5 Agents). */
export function agentLink(origin: string, code: string): string {
  return `${origin}${REGISTER_PATH}?agent_verify=${encodeURIComponent(code)}`;
}

/** `YYYYMM` as 2026-11 for display. */
export function monthLabel(month: string): string {
  return `${month.slice(0, 4)}-${month.slice(4, 6)}`;
}
