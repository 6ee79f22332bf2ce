import { describe, expect, it } from 'vitest';
import { agentLink, monthLabel } from './agent-link';

describe('the agent link', () => {
  it('opens registration with agent_verify, which registration sends as the agent code', () => {
    expect(agentLink('https://nb.example', 'AB12CD34')).toBe(
      'https://nb.example/user/register?agent_verify=AB12CD34',
    );
    expect(monthLabel('202611')).toBe('2026-11');
  });
});
