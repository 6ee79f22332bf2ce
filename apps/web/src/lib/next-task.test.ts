import { describe, expect, it } from 'vitest';
import { nextTask } from './next-task';

describe('nextTask', () => {
  it('resolves after the current task, not in its microtasks', async () => {
    const order: string[] = [];
    const waited = nextTask().then(() => order.push('next task'));
    await Promise.resolve().then(() => order.push('microtask'));
    await new Promise<void>((resolve) => queueMicrotask(resolve));
    order.push('same task');
    await waited;
    expect(order).toEqual(['microtask', 'same task', 'next task']);
  });
});
