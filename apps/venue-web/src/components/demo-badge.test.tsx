import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { sessionStore, startSession, type Session } from '../lib/session';
import { DemoBadge } from './demo-badge';

const session = (demo?: boolean): Session => ({
  token: 't',
  expiresAt: 0,
  venueCode: 'XYCP',
  dialect: null,
  family: 'CP',
  merchantOrigins: [],
  oddsType: 2,
  oddsChangePolicy: 'better',
  ...(demo === undefined ? {} : { demo }),
});

afterEach(() => sessionStore.set({ phase: 'entering' }));

describe('the 试玩 badge', () => {
  it('marks a demo merchant session', () => {
    act(() => startSession(session(true)));
    render(<DemoBadge />);
    expect(screen.getByRole('status').textContent).toBe('试玩');
  });

  it('shows nothing for a member session', () => {
    act(() => startSession(session()));
    const { container } = render(<DemoBadge />);
    expect(container.innerHTML).toBe('');
  });
});
