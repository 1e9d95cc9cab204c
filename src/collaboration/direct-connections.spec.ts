import type * as HocuspocusServer from '@hocuspocus/server' with {
  'resolution-mode': 'import',
};
import { DirectConnections } from './direct-connections';

// Required as the host's collaboration server loads it (an ES module package with a CommonJS build).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { Hocuspocus }: typeof HocuspocusServer = require('@hocuspocus/server');
/** A real Hocuspocus in this process, counting its stores and loads. */
function countingServer() {
  const counts = { stores: 0, loads: 0 };
  const server = new Hocuspocus({
    quiet: true,
    extensions: [
      {
        async onLoadDocument() {
          counts.loads++;
        },
        async onStoreDocument() {
          counts.stores++;
        },
      },
    ],
  });
  return { server, counts };
}

async function settle(): Promise<void> {
  for (let turn = 0; turn < 5; turn++)
    await new Promise((resolve) => setTimeout(resolve, 5));
}

const AGENT = { user: { id: 'agent-user' } };

describe('DirectConnections', () => {
  it('serves calls with the same context through one connection, which stores once when it is let go', async () => {
    const { server, counts } = countingServer();
    const connections = new DirectConnections(server, 1000, 60_000);
    for (let read = 0; read < 5; read++) {
      const connection = await connections.open('page-1', 'page.1', AGENT);
      expect(connection.document).toBeTruthy();
      connections.release(connection);
      await settle();
    }
    // Hocuspocus stores whenever a direct connection disconnects: none of the five reads did.
    expect(counts.stores).toBe(0);
    expect(counts.loads).toBe(1);
    expect(server.documents.size).toBe(1);
    await connections.close();
    await settle();
    expect(counts.stores).toBe(1);
    expect(server.documents.size).toBe(0);
  });

  it('opens a connection per context: another user (or chat) is never served through the agent connection', async () => {
    const { server } = countingServer();
    const connections = new DirectConnections(server, 1000, 60_000);
    const first = await connections.open('page-1', 'page.1', AGENT);
    const other = await connections.open('page-1', 'page.1', {
      user: { id: 'someone-else' },
    });
    const same = await connections.open('page-1', 'page.1', {
      user: { id: 'agent-user' },
    });
    expect(other).not.toBe(first);
    expect(same).toBe(first);
    for (const connection of [first, other, same])
      connections.release(connection);
    await connections.close();
  });

  it('keeps a held connection open through close, and disconnects it when its holder lets go', async () => {
    const { server, counts } = countingServer();
    const connections = new DirectConnections(server, 1000, 60_000);
    const held = await connections.open('page-1', 'page.1', AGENT);
    await connections.close();
    expect(server.documents.size).toBe(1);
    // A call after close gets a connection of its own, not the one about to go.
    const later = await connections.open('page-1', 'page.1', AGENT);
    expect(later).not.toBe(held);
    connections.release(held);
    connections.release(later);
    await settle();
    await connections.close();
    await settle();
    expect(counts.stores).toBeGreaterThanOrEqual(1);
    expect(server.documents.size).toBe(0);
  });

  it('disconnects after every call with no lingering, as Hocuspocus then stores each time', async () => {
    const { server, counts } = countingServer();
    const connections = new DirectConnections(server, 1000, 0);
    for (let read = 0; read < 3; read++) {
      connections.release(await connections.open('page-1', 'page.1', AGENT));
      await settle();
    }
    expect(counts.stores).toBe(3);
    expect(server.documents.size).toBe(0);
  });

  it('lets a connection go once it has lingered', async () => {
    const { server, counts } = countingServer();
    const connections = new DirectConnections(server, 1000, 30);
    connections.release(await connections.open('page-1', 'page.1', AGENT));
    await new Promise((resolve) => setTimeout(resolve, 100));
    await settle();
    expect(counts.stores).toBe(1);
    expect(server.documents.size).toBe(0);
  });

  it('opens a new connection when the server destroyed the document under a lingering one', async () => {
    const { server, counts } = countingServer();
    const connections = new DirectConnections(server, 1000, 60_000);
    const first = await connections.open('page-1', 'page.1', AGENT);
    connections.release(first);
    // A host dropping the document while a connection still lingers on it (Hocuspocus' own
    // unload waits for every connection; a host closing its documents does not).
    server.documents.delete('page.1');
    first.document!.destroy();
    const next = await connections.open('page-1', 'page.1', AGENT);
    expect(next).not.toBe(first);
    expect(next.document).not.toBe(first.document);
    connections.release(next);
    await connections.close();
    expect(counts.loads).toBe(2);
  });
});
