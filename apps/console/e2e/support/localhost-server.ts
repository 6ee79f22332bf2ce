import { createServer } from 'node:net';
import { startServer, type RunningServer } from '../../../../e2e/support/platform-server';
import { E2E_SIGN_KEY } from '../../../../e2e/support/signed-api';
import { E2E_ADMIN_PASSWORD, E2E_ADMIN_USER } from './console-fixtures';

/** A free local port: the console must be on `localhost` (an RP id is never an address). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      s.close(() => resolve(port));
    });
  });
}

/**
 * The `server` worker fixture for passkey suites: the platform on a known port, reached as
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
