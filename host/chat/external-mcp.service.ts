import {
  Injectable,
  Logger,
  type OnApplicationShutdown,
  type OnModuleInit,
} from '@nestjs/common';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { AppConfig, ExternalMcpServerConfig } from '../config/app-config';
import { InjectAppConfig } from '../config/app-config.token';
import {
  adaptMcpTools,
  type ConnectedMcpServer,
  type ListedMcpTool,
} from './external-mcp-server';

/** A server that has not answered by then is skipped: the chat must not wait on it. */
export const EXTERNAL_MCP_CONNECT_TIMEOUT_MS = 10_000;

const CLIENT_INFO = { name: 'docmost-ai-tools-chat', version: '0.1.0' };

function withTimeout<T>(
  promise: Promise<T>,
  milliseconds: number,
  what: string,
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new Error(`${what} did not answer within ${milliseconds / 1000} s`),
        ),
      milliseconds,
    );
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * The external MCP servers of `AI_EXTERNAL_MCP`, connected once at boot (in the background, so
 * boot never waits on a third party) over Streamable HTTP. A server that fails to connect or to
 * list its tools is logged and skipped; the chat works with the others.
 */
@Injectable()
export class ExternalMcpService implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('ExternalMcp');
  private readonly clients: Client[] = [];
  private connecting: Promise<readonly ConnectedMcpServer[]> | undefined;

  constructor(@InjectAppConfig() private readonly config: AppConfig) {}

  onModuleInit(): void {
    this.connecting = this.connectAll();
  }

  /** The servers that connected, waiting for boot-time connection attempts to settle. */
  servers(): Promise<readonly ConnectedMcpServer[]> {
    this.connecting ??= this.connectAll();
    return this.connecting;
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.allSettled(this.clients.map((client) => client.close()));
  }

  private async connectAll(): Promise<readonly ConnectedMcpServer[]> {
    const results = await Promise.all(
      this.config.ai.externalMcp.map((server) => this.connect(server)),
    );
    return results.filter(
      (server): server is ConnectedMcpServer => server !== undefined,
    );
  }

  private async connect(
    server: ExternalMcpServerConfig,
  ): Promise<ConnectedMcpServer | undefined> {
    const client = new Client(CLIENT_INFO);
    try {
      await withTimeout(
        client.connect(new StreamableHTTPClientTransport(new URL(server.url))),
        EXTERNAL_MCP_CONNECT_TIMEOUT_MS,
        server.url,
      );
      const listed: ListedMcpTool[] = [];
      let cursor: string | undefined;
      do {
        const page = await withTimeout(
          client.listTools(cursor === undefined ? {} : { cursor }),
          EXTERNAL_MCP_CONNECT_TIMEOUT_MS,
          server.url,
        );
        listed.push(...page.tools);
        cursor = page.nextCursor;
      } while (cursor !== undefined);
      this.clients.push(client);
      const connected = adaptMcpTools({
        client,
        name: server.name,
        prefix: server.prefix,
        listed,
        onSkip: (message) => this.logger.warn(message),
      });
      this.logger.log(
        `external MCP server "${server.name}" connected: ${Object.keys(connected.tools).length} tool(s) as ${server.prefix}_*`,
      );
      return connected;
    } catch (error) {
      this.logger.warn(
        `external MCP server "${server.name}" (${server.url}) is skipped: ${error instanceof Error ? error.message : String(error)}`,
      );
      await client.close().catch(() => undefined);
      return undefined;
    }
  }
}
