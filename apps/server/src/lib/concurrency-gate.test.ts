import { describe, expect, it } from 'vitest';
import { ConcurrencyGate } from './concurrency-gate';
import { hashPassword, passwordGateLoad, setPasswordConcurrency, verifyPassword } from './password';

/** A task that runs until its test lets it finish. */
function held(): { task: () => Promise<number>; finish: (v: number) => void; started: boolean } {
  let finish: (v: number) => void = () => undefined;
  const h = {
    started: false,
    finish: (v: number) => finish(v),
    task: () => {
      h.started = true;
      return new Promise<number>((r) => (finish = r));
    },
  };
  return h;
}
const tick = () => new Promise((r) => setImmediate(r));

describe('ConcurrencyGate', () => {
  it('runs at most its limit at once and the rest in arrival order', async () => {
    const gate = new ConcurrencyGate(2);
    const hs = [held(), held(), held(), held()];
    const results = hs.map((h) => gate.run(h.task));
    await tick();
    expect(hs.map((h) => h.started)).toEqual([true, true, false, false]);
    expect(gate.load).toEqual({ running: 2, waiting: 2 });
    hs[1]!.finish(1);
    await tick();
    expect(hs.map((h) => h.started)).toEqual([true, true, true, false]);
    hs[0]!.finish(0);
    hs[2]!.finish(2);
    await tick();
    expect(hs[3]!.started).toBe(true);
    hs[3]!.finish(3);
    expect(await Promise.all(results)).toEqual([0, 1, 2, 3]);
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
  });

  it('frees the slot when a task fails', async () => {
    const gate = new ConcurrencyGate(1);
    const failing = gate.run(() => Promise.reject(new Error('no')));
    const next = gate.run(() => Promise.resolve('ran'));
    await expect(failing).rejects.toThrow('no');
    expect(await next).toBe('ran');
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
  });

  it('with limit 0 runs everything at once', async () => {
    const gate = new ConcurrencyGate(0);
    const hs = [held(), held(), held()];
    const results = hs.map((h) => gate.run(h.task));
    await tick();
    expect(hs.every((h) => h.started)).toBe(true);
    hs.forEach((h, i) => h.finish(i));
    expect(await Promise.all(results)).toEqual([0, 1, 2]);
  });
});

describe('password hashes behind the gate', () => {
  it('verifies one at a time at concurrency 1, each answer still right', async () => {
    const phc = await hashPassword('right-password');
    setPasswordConcurrency(1);
    try {
      const checks = [
        verifyPassword(phc, 'right-password'),
        verifyPassword(phc, 'wrong-password'),
        verifyPassword(phc, 'right-password'),
      ];
      expect(passwordGateLoad()).toEqual({ running: 1, waiting: 2 });
      expect(await Promise.all(checks)).toEqual([true, false, true]);
      expect(passwordGateLoad()).toEqual({ running: 0, waiting: 0 });
    } finally {
      setPasswordConcurrency(2);
    }
  });
});
