import { spawn, type ChildProcess } from 'node:child_process';

export interface Spawned {
  url: string;
  /** The inspector's websocket when the process was started with `--inspect`. */
  inspectorUrl: string | null;
  child: ChildProcess;
  stop(): Promise<void>;
}

export interface SpawnOptions {
  /** Node flags before the script (`--inspect=127.0.0.1:0`, …). */
  nodeArgs?: string[];
  /** Start with the soft limit of open files raised to the hard limit (many sockets). */
  raiseFileLimit?: boolean;
  /**
   * Start with this soft limit of open files instead (at most the hard one): a node at the
   * edge of its limit, as at 20,000 sockets, reproduced with a few thousand.
   */
  fileLimit?: number;
}

export const RAISE_FILE_LIMIT = 'ulimit -n "$(ulimit -Hn)" && exec "$0" "$@"';

/**
 * Starts a server process on 127.0.0.1 and waits until it prints its URL. Benchmarks only talk
 * to servers they start here, and stop them when done.
 */
export function spawnServer(
  script: string,
  env: Record<string, string>,
  cwd: string,
  /** What the server prints once it listens, its URL in the first group. */
  ready: RegExp = /running at (http:\/\/[\d.]+:\d+)/,
  options: SpawnOptions = {},
): Promise<Spawned> {
  const args = [...(options.nodeArgs ?? []), '--import', 'tsx', script];
  // `sh` raises the soft limit of open files to the hard one, then becomes node (same pid).
  const [command, argv] =
    options.fileLimit !== undefined
      ? [
          'sh',
          ['-c', `ulimit -n ${options.fileLimit} && exec "$0" "$@"`, process.execPath, ...args],
        ]
      : options.raiseFileLimit
        ? ['sh', ['-c', RAISE_FILE_LIMIT, process.execPath, ...args]]
        : [process.execPath, args];
  // On a machine shared by many sessions start-up (migrations, seed) can take minutes.
  const startSeconds = Number(process.env.BENCH_START_SECONDS ?? 60);
  return new Promise((resolve, reject) => {
    const child = spawn(command, argv, {
      cwd,
      env: { ...process.env, HOST: '127.0.0.1', PORT: '0', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start in ${startSeconds} s:\n${out}`));
    }, startSeconds * 1000);
    const onData = (d: Buffer) => {
      out += d.toString();
      const m = ready.exec(out);
      if (m?.[1]) {
        clearTimeout(timer);
        resolve({
          url: m[1],
          inspectorUrl: /Debugger listening on (ws:\/\/\S+)/.exec(out)?.[1] ?? null,
          child,
          stop: () =>
            new Promise<void>((done) => {
              if (child.exitCode !== null) return done();
              child.once('exit', () => done());
              child.kill('SIGTERM');
              setTimeout(() => child.kill('SIGKILL'), 5000).unref();
            }),
        });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${out}`));
    });
  });
}

/**
 * The platform as production serves the member site (no response checks, logs at warn), with
 * the demo content and benchmark-sized rate limits: what the page benchmarks load.
 */
export function spawnDemoSite(
  dataDir: string,
  cwd: string,
  /** More of the server's environment (WEB_DIST: another build of the site). */
  extra: Record<string, string> = {},
): Promise<Spawned> {
  return spawnServer(
    'apps/server/src/main.ts',
    {
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '100000',
      NODE_ENV: 'production',
      SEED_DEMO: 'on',
      SIGN_KEY: 'b'.repeat(64),
      SESSION_SECRET: 's'.repeat(64),
      JWT_SECRET: 'j'.repeat(64),
      PAYMENT_CALLBACK_SECRET: 'p'.repeat(64),
      AUDIT_CHECKPOINT_KEY: 'a'.repeat(64),
      WEBAUTHN_RP_ID: 'localhost',
      WEBAUTHN_ORIGINS: 'https://localhost',
      ...extra,
    },
    cwd,
  );
}
