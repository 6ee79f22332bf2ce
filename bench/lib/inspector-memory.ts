import WebSocket from 'ws';

/**
 * A process's memory after a full garbage collection, read through its inspector (the process
 * runs with `--inspect=127.0.0.1:0`): the heap, not RSS, is what sockets cost, and RSS keeps
 * pages a collection has freed.
 */
export async function memoryAfterGc(inspectorUrl: string): Promise<NodeJS.MemoryUsage> {
  const ws = new WebSocket(inspectorUrl);
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  let next = 0;
  const call = (method: string, params?: object) =>
    new Promise<unknown>((resolve) => {
      const id = (next += 1);
      const onMessage = (data: Buffer) => {
        const m = JSON.parse(data.toString('utf8')) as { id?: number; result?: unknown };
        if (m.id !== id) return;
        ws.off('message', onMessage);
        resolve(m.result);
      };
      ws.on('message', onMessage);
      ws.send(JSON.stringify({ id, method, params }));
    });
  try {
    await call('HeapProfiler.collectGarbage');
    const r = (await call('Runtime.evaluate', {
      expression: 'JSON.stringify(process.memoryUsage())',
      returnByValue: true,
    })) as { result: { value: string } };
    return JSON.parse(r.result.value) as NodeJS.MemoryUsage;
  } finally {
    ws.close();
  }
}
