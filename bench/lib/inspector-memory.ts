import WebSocket from 'ws';

/** A connection to a process's inspector (the process runs with `--inspect=127.0.0.1:0`). */
export interface Inspector {
  call(method: string, params?: object): Promise<unknown>;
  close(): void;
}

export async function connectInspector(inspectorUrl: string): Promise<Inspector> {
  const ws = new WebSocket(inspectorUrl, { maxPayload: 1024 * 1024 * 1024 });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  let next = 0;
  const call = (method: string, params?: object) =>
    new Promise<unknown>((resolve, reject) => {
      const id = (next += 1);
      const onMessage = (data: Buffer) => {
        const m = JSON.parse(data.toString('utf8')) as {
          id?: number;
          result?: unknown;
          error?: { message: string };
        };
        if (m.id !== id) return;
        ws.off('message', onMessage);
        if (m.error) reject(new Error(`${method}: ${m.error.message}`));
        else resolve(m.result);
      };
      ws.on('message', onMessage);
      ws.send(JSON.stringify({ id, method, params }));
    });
  return { call, close: () => ws.close() };
}

/**
 * A process's memory after a full garbage collection, read through its inspector: the heap,
 * not RSS, is what sockets cost, and RSS keeps pages a collection has freed.
 */
export async function memoryAfterGc(inspectorUrl: string): Promise<NodeJS.MemoryUsage> {
  const inspector = await connectInspector(inspectorUrl);
  try {
    await inspector.call('HeapProfiler.collectGarbage');
    const r = (await inspector.call('Runtime.evaluate', {
      expression: 'JSON.stringify(process.memoryUsage())',
      returnByValue: true,
    })) as { result: { value: string } };
    return JSON.parse(r.result.value) as NodeJS.MemoryUsage;
  } finally {
    inspector.close();
  }
}
