import { createRoot } from 'react-dom/client';
import { GamesApp } from './app/games-app';
import { readGamesLaunch } from './app/games-boot';
import '../styles/base.css';
import './styles/games.css';
import './styles/games-bet.css';
import './styles/games-pages.css';
import './styles/games-lottery.css';
import './styles/games-tables.css';
import './styles/games-table-page.css';
import './styles/slots.css';

// The launch token is read once and the address cleaned before anything else runs.
const launch = readGamesLaunch();
createRoot(document.getElementById('root')!).render(
  <GamesApp token={launch.token} game={launch.game} />,
);
