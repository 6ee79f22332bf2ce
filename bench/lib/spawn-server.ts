import { spawn, type ChildProcess } from 'node:child_process';

export interface Spawned {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

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
): Promise<Spawned> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script], {
      cwd,
      env: { ...process.env, HOST: '127.0.0.1', PORT: '0', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start in 60 s:\n${out}`));
    }, 60000);
    const onData = (d: Buffer) => {
      out += d.toString();
      const m = ready.exec(out);
      if (m?.[1]) {
        clearTimeout(timer);
        resolve({
          url: m[1],
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
