import { createServer } from 'node:net';
import type { Server as HttpServer } from 'node:http';

/**
 * The TCP ports tests and the reliability bench may listen on: PORT_RANGE (e.g. "3300-3399", the
 * default), so that several suites on one shared machine each keep to their own range.
 */
function portRange(): { low: number; high: number } {
  const match = /^(\d{2,5})-(\d{2,5})$/.exec(process.env.PORT_RANGE ?? '3300-3399');
  const low = Number(match?.[1] ?? 3300);
  const high = Number(match?.[2] ?? 3399);
  return low <= high ? { low, high } : { low: high, high: low };
}

const handedOut = new Set<number>();

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** A port of the range nothing listens on now and this process has not handed out before. */
export async function freePort(): Promise<number> {
  const { low, high } = portRange();
  const size = high - low + 1;
  const start = Math.floor(Math.random() * size);
  for (let i = 0; i < size; i += 1) {
    const port = low + ((start + i) % size);
    if (handedOut.has(port)) continue;
    if (await isFree(port)) {
      handedOut.add(port);
      return port;
    }
  }
  throw new Error(`No free TCP port in ${low}-${high} (PORT_RANGE).`);
}

/** Starts `server` on a port of the system's choosing on loopback; answers its origin (`http://127.0.0.1:{port}`). */
export async function listenOnLoopback(server: HttpServer): Promise<string> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('The server did not get a TCP port.');
  return `http://127.0.0.1:${address.port}`;
}
