import { spawn, type ChildProcess } from 'node:child_process';
import { createHmac, randomUUID } from 'node:crypto';
import path from 'node:path';

/**
 * The platform and the fake venue as OS processes, for the crash and fault suites: started,
 * killed (`kill -9`, or by their own test-only crash hooks) and started again on the same data.
 */
const serverDir = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');

export interface Proc {
  url: string;
  child: ChildProcess;
  exited: Promise<number | null>;
  output(): string;
  stop(): Promise<void>;
}

function startProcess(script: string, env: Record<string, string>, ready: RegExp): Promise<Proc> {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: serverDir,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${script} did not start:\n${out}`)), 60_000);
    const onData = (d: Buffer) => {
      out += d.toString();
      const m = ready.exec(out);
      if (m?.[1]) {
        clearTimeout(timer);
        resolve({
          url: m[1],
          child,
          exited,
          output: () => out,
          async stop() {
            if (child.exitCode !== null || child.signalCode !== null) return;
            child.kill('SIGTERM');
            const t = setTimeout(() => child.kill('SIGKILL'), 5000);
            await exited;
            clearTimeout(t);
          },
        });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`${script} exited ${code}:\n${out}`));
    });
  });
}

export function startPlatform(env: Record<string, string>): Promise<Proc> {
  return startProcess('src/main.ts', env, /running at (http:\/\/[\d.]+:\d+)/);
}

export function startFakeVenueProcess(env: Record<string, string>): Promise<Proc> {
  return startProcess(
    'src/test/fake-venue/fake-venue.ts',
    env,
    /fake venue on (http:\/\/[\d.]+:\d+)/,
  );
}

/** A member-site client over HTTP (signed like the browser); `url` is read per call. */
export function httpClient(url: () => string, signKey: string, deviceId = randomUUID()) {
  const key = createHmac('sha256', signKey).update(deviceId).digest();
  return async <T>(
    method: 'GET' | 'POST',
    p: string,
    body?: unknown,
    extra: Record<string, string> = {},
  ): Promise<{ status_code: number; data: T }> => {
    const base = /^\/([a-z]+)\/api\//.exec(p)?.[1] ?? 'site';
    const ts = String(Date.now());
    const res = await fetch(url() + p, {
      method,
      headers: {
        'content-type': 'application/json',
        'x-client-type': 'h5',
        'x-version': '2.0.0',
        'x-site-id': '6001',
        'x-api-uuid': deviceId,
        'x-timestamp': ts,
        'x-sign': createHmac('sha256', key).update(`${base}:${deviceId}:${ts}`).digest('hex'),
        ...extra,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return (await res.json()) as { status_code: number; data: T };
  };
}

/** An operator's call over HTTP. */
export async function operatorCall<T>(
  url: string,
  token: string,
  method: 'GET' | 'POST',
  p: string,
  body?: unknown,
  extra: Record<string, string> = {},
): Promise<{ status_code: number; data: T }> {
  const res = await fetch(url + p, {
    method,
    headers: { 'content-type': 'application/json', 'x-admin-token': token, ...extra },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await res.json()) as { status_code: number; data: T };
}
