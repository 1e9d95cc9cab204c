import { createServer, connect, type Server, type Socket } from 'node:net';
import { once } from 'node:events';
import { setImmediate as oneImmediate } from 'node:timers/promises';
import { yieldToEventLoop } from './yield-to-event-loop';

/**
 * From inside an I/O callback (a request arriving, a query's result), work that yields lets the
 * input that arrived meanwhile be handled before it goes on: here a client's second message,
 * written while the server handles its first.
 */
describe('yieldToEventLoop', () => {
  let server: Server;
  let client: Socket;
  let received: Socket;

  beforeAll(async () => {
    server = createServer();
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const address = server.address() as { port: number };
    const accepted = once(server, 'connection');
    client = connect(address.port, '127.0.0.1');
    await once(client, 'connect');
    [received] = (await accepted) as [Socket];
    received.setNoDelay(true);
    client.setNoDelay(true);
  });

  afterAll(async () => {
    client.destroy();
    received.destroy();
    server.close();
    await once(server, 'close');
  });

  function orderAfter(yieldOnce: () => Promise<void>): Promise<string[]> {
    return new Promise((resolve) => {
      const events: string[] = [];
      received.removeAllListeners('data');
      received.once('data', () => {
        received.once('data', () => events.push('other input handled'));
        // Written to the loopback socket at once: the server can read it from the next poll.
        client.write('second');
        void yieldOnce().then(() => {
          events.push('work goes on');
          setTimeout(() => resolve(events), 50);
        });
      });
      client.write('first');
    });
  }

  it('goes on only after the input that arrived meanwhile was handled', async () => {
    expect(await orderAfter(yieldToEventLoop)).toEqual([
      'other input handled',
      'work goes on',
    ]);
  });

  it('is needed: one setImmediate from an I/O callback goes on before that input', async () => {
    expect(await orderAfter(() => oneImmediate())).toEqual([
      'work goes on',
      'other input handled',
    ]);
  });
});
