import { WebSocketServer } from 'ws';

/**
 * The peer for bench:chat: a minimal `ws` broadcast loop — every text frame received is sent
 * to every connected client. No rooms, no checks, no storage.
 */
const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, perMessageDeflate: false });
wss.on('connection', (ws) => {
  ws.on('message', (data: Buffer) => {
    const text = data.toString('utf8');
    for (const client of wss.clients) if (client.readyState === client.OPEN) client.send(text);
  });
});
wss.on('listening', () => {
  const addr = wss.address();
  process.stdout.write(
    `peer running at http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}\n`,
  );
});
process.on('SIGTERM', () => wss.close(() => process.exit(0)));
