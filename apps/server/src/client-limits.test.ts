/**
 * Slow clients and floods of connections are bounded (issue 28 row 4): a body trickled in a byte
 * at a time is answered 408 once the request deadline passes, headers that never end are cut
 * off, and one address cannot hold more than its share of connections. Short deadlines here;
 * the defaults are in config.ts.
 */
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/app.ts';

let t: TestApp;
let port = 0;

beforeAll(async () => {
  t = await createTestApp({
    REQUEST_TIMEOUT_MS: '1000',
    HEADERS_TIMEOUT_MS: '500',
    CONNECTIONS_PER_ADDRESS: '3',
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});
afterAll(async () => {
  await t.app.close();
});

interface Outcome {
  /** What the server wrote before it closed the connection. */
  text: string;
  /** Milliseconds from the connection to its close. */
  closedAfterMs: number;
}

/** Opens a connection; resolves once it is connected. */
function open(): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket));
    socket.on('error', reject);
  });
}

/** Collects what the server sends until it closes the connection, or gives up after `withinMs`. */
function untilClosed(socket: Socket, withinMs: number): Promise<Outcome | 'still open'> {
  const started = Date.now();
  let text = '';
  socket.on('data', (chunk) => {
    text += chunk.toString();
  });
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve('still open'), withinMs);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ text, closedAfterMs: Date.now() - started });
    });
    socket.on('error', () => undefined);
  });
}

describe('deadlines', () => {
  it('answers a body sent a byte at a time with 408 and the envelope once the request deadline passes', async () => {
    const socket = await open();
    socket.write(
      'POST /api/uaa/login/password HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{',
    );
    const drip = setInterval(() => {
      if (socket.writable) socket.write(' ');
    }, 100);
    const outcome = await untilClosed(socket, 6000);
    clearInterval(drip);
    socket.destroy();
    expect(outcome).not.toBe('still open');
    const { text, closedAfterMs } = outcome as Outcome;
    expect(text).toMatch(/^HTTP\/1\.1 408 /);
    expect(text).toContain('"code":2');
    expect(text).toContain('请求发送超时');
    // The deadline is 1 s and Node looks for late requests every 250 ms here.
    expect(closedAfterMs).toBeLessThan(3000);
  });

  it('closes a connection whose headers never end', async () => {
    const socket = await open();
    socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
    const drip = setInterval(() => {
      if (socket.writable) socket.write('a');
    }, 100);
    const outcome = await untilClosed(socket, 6000);
    clearInterval(drip);
    socket.destroy();
    expect(outcome).not.toBe('still open');
    expect((outcome as Outcome).closedAfterMs).toBeLessThan(3000);
  });
});

describe('connections per address', () => {
  it('closes a connection beyond the cap at once, and takes new ones again when one closes', async () => {
    const held = [await open(), await open(), await open()];
    const extra = await open();
    const refused = await untilClosed(extra, 2000);
    expect(refused).toMatchObject({ text: '' });

    held.pop()?.destroy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const next = await open();
    next.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');
    const answered = await untilClosed(next, 3000);
    expect(answered).not.toBe('still open');
    expect((answered as Outcome).text).toMatch(/^HTTP\/1\.1 200 /);
    for (const socket of held) socket.destroy();
  });
});
