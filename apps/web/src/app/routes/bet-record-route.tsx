import { useNavigate } from 'react-router';
import { BetRecordPage } from '../../features/records/pages/bet-record.page';
import { CHAT_PATH } from '../../site/paths';

/** 投注记录, whose share button takes the bet to the chat room (ShareBetRecord). */
export function BetRecordRoute() {
  const navigate = useNavigate();
  return (
    <BetRecordPage
      onShare={(bet) => void navigate(`${CHAT_PATH}?shareBet=${encodeURIComponent(bet.betId)}`)}
    />
  );
}
