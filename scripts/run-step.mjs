import { spawn } from 'node:child_process';

/**
 * Runs one step of the test command with a hard time limit, so nothing can hang the run.
 * The whole process group is killed on timeout, or when `signal` aborts (another step running
 * beside it failed).
 *
 * `buffer`: for a step that runs beside another, its output is held and written in one block
 * when it ends (header, output, result line), so two steps' lines never interleave.
 */
export function runStep(name, command, args, { timeoutMs, env, buffer = false, signal } = {}) {
  return new Promise((resolve) => {
    const started = Date.now();
    const header = `\n▶ ${name}: ${command} ${args.join(' ')}\n`;
    const held = [];
    const write = (stream, text) => (buffer ? held.push(text) : stream.write(text));
    if (buffer) process.stdout.write(`\n… ${name}: started (its output follows when it ends)\n`);
    write(process.stdout, header);
    const child = spawn(command, args, {
      stdio: buffer ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, ...env },
      detached: true,
    });
    if (buffer) {
      child.stdout.on('data', (d) => held.push(d.toString()));
      child.stderr.on('data', (d) => held.push(d.toString()));
    }
    const stop = (why) => {
      write(process.stderr, `\n✖ ${name} ${why}.\n`);
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    };
    const timer = setTimeout(
      () => stop(`exceeded ${Math.round(timeoutMs / 1000)} s; stopped`),
      timeoutMs,
    );
    const onAbort = () => stop('stopped: a step running beside it failed');
    signal?.addEventListener('abort', onAbort, { once: true });
    child.on('close', (code, sig) => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      const secs = ((Date.now() - started) / 1000).toFixed(1);
      const ok = code === 0;
      const result = `${ok ? '✔' : '✖'} ${name} (${secs} s)${ok ? '' : ` exit ${code ?? sig}`}\n`;
      if (buffer) process.stdout.write(held.join('') + result);
      else process.stdout.write(result);
      resolve(ok);
    });
  });
}

/**
 * Runs lanes side by side; the steps of one lane run one after another. The first failure
 * stops every other lane (its running step is killed); resolves to the names of the steps that
 * failed, in the order they failed (empty when all passed).
 */
export async function runLanes(lanes, { env } = {}) {
  const controller = new AbortController();
  const failed = [];
  const buffer = lanes.length > 1;
  await Promise.all(
    lanes.map(async (lane) => {
      for (const [name, cmd, args, timeoutMs] of lane) {
        if (controller.signal.aborted) return;
        const ok = await runStep(name, cmd, args, {
          timeoutMs,
          env,
          buffer,
          signal: controller.signal,
        });
        if (!ok) {
          if (!controller.signal.aborted) failed.push(name);
          controller.abort();
          return;
        }
      }
    }),
  );
  return failed;
}
