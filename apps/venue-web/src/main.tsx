import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { readLaunch } from './app/boot';
import './styles/base.css';
import './styles/list.css';
import './styles/pages.css';
import './styles/slip.css';

// The launch token is read once and the address cleaned before anything else runs.
const launch = readLaunch();
createRoot(document.getElementById('root')!).render(
  <App token={launch.token} selections={launch.selections} />,
);
