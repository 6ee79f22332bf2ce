import { go } from '../../lib/route';

/** The bet page's ways to 走势图 and the member's 追号 plans (the bottom bar has no room). */
export function GameLinks({ gameCode }: { gameCode: string }) {
  return (
    <nav className="game-links" aria-label="更多">
      <button
        type="button"
        className="link-btn"
        onClick={() => go({ page: 'trend', game: gameCode })}
      >
        走势图 ›
      </button>
      <button type="button" className="link-btn" onClick={() => go({ page: 'chases' })}>
        追号记录 ›
      </button>
    </nav>
  );
}
