import { useTranslation } from '../../../i18n/use-translation';
import { useChatRoomStore } from '../model/chat-room.store';

/** Live scores pushed to the rooms (Score, 10014), the latest match first. */
export function ScoreTicker() {
  const { t } = useTranslation('chat');
  const scores = useChatRoomStore((state) => state.scores);
  if (scores.length === 0) return null;
  return (
    <ul className="nb-scores" aria-label={t('score.label')} aria-live="polite">
      {scores.map((s) => (
        <li key={`${s.venueCode}:${s.matchId}`} className="nb-scores__item">
          <span className="nb-scores__team">{s.home}</span>
          <span className="nb-scores__score">
            {s.homeScore} - {s.awayScore}
          </span>
          <span className="nb-scores__team">{s.away}</span>
          <span className="nb-scores__clock">
            {s.status === 'finished' ? t('score.finished') : (s.clock ?? t('score.live'))}
          </span>
        </li>
      ))}
    </ul>
  );
}
