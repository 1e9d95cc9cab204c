import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

export interface InMemoryConnection {
  readonly client: Client;
  /**
   * Every message the server sent, serialised as it went on the wire. The client re-parses
   * results through its zod schemas (which reorders keys), so byte comparisons use these.
   */
  readonly serverMessages: readonly string[];
  close(): Promise<void>;
}

/** A real MCP client connected to `server` in memory; `close` ends both sides. */
export async function connectInMemory(
  server: McpServer,
): Promise<InMemoryConnection> {
  const [clientTransport, serverTransport] =
    InMemoryTransport.createLinkedPair();
  const serverMessages: string[] = [];
  const send = serverTransport.send.bind(serverTransport);
  serverTransport.send = async (message: JSONRPCMessage, options) => {
    serverMessages.push(JSON.stringify(message));
    return send(message, options);
  };
  const client = new Client({ name: 'registry-test', version: '1.0.0' });
  await server.connect(serverTransport);
  await client.connect(clientTransport);
  return {
    client,
    serverMessages,
    close: async () => {
      await client.close();
      await server.close();
    },
  };
}
