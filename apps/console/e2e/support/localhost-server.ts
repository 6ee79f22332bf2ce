import { freePort } from '../../../../scripts/e2e-venue';
import { startServer, type RunningServer } from '../../../../e2e/support/platform-server';
import { E2E_SIGN_KEY } from '../../../../e2e/support/signed-api';
import { E2E_ADMIN_PASSWORD, E2E_ADMIN_USER } from './console-fixtures';

/**
 * The `server` worker fixture for passkey suites: the platform on a free port, reached as
 * http://localhost:<port>, so the passkey RP id is `localhost` and the origin the server
 * expects is this one (config, outside production).
 */
export const localhostServer = [
  // eslint-disable-next-line no-empty-pattern
  async ({}, use: (s: RunningServer) => Promise<void>) => {
    const port = await freePort();
    const server = await startServer({
      PORT: String(port),
      REGISTER_CAPTCHA: 'off',
      ADMIN_USER: E2E_ADMIN_USER,
      ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
      SIGN_KEY: E2E_SIGN_KEY,
    });
    await use({ ...server, url: `http://localhost:${port}` });
    await server.stop();
  },
  { scope: 'worker', timeout: 180_000 },
] as const;
