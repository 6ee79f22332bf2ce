import { spawn } from 'node:child_process';

/**
 * Runs one step of the test command with a hard time limit, so nothing can hang the run.
 * The whole process group is killed on timeout.
 */
export function runStep(name, command, args, { timeoutMs, env } = {}) {
  return new Promise((resolve) => {
    const started = Date.now();
    process.stdout.write(`\n▶ ${name}: ${command} ${args.join(' ')}\n`);
    const child = spawn(command, args, {
      stdio: 'inherit',
      env: { ...process.env, ...env },
      detached: true,
    });
    const timer = setTimeout(() => {
      process.stderr.write(
        `\n✖ ${name} exceeded ${Math.round(timeoutMs / 1000)} s; stopping it.\n`,
      );
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    }, timeoutMs);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      const secs = ((Date.now() - started) / 1000).toFixed(1);
      const ok = code === 0;
      process.stdout.write(
        `${ok ? '✔' : '✖'} ${name} (${secs} s)${ok ? '' : ` exit ${code ?? signal}`}\n`,
      );
      resolve(ok);
    });
  });
}
