import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  parseUiMessageStream,
  type UiMessageChunk,
} from '../../../dev/host-chat/ui-message-stream';

/** One chat turn through the app's chat route, as its client reads it. */
export interface ConsumerChatTurn {
  readonly status: number;
  readonly chatId: string | null;
  readonly chunks: readonly UiMessageChunk[];
  /** The assistant's text, all deltas joined. */
  readonly answer: string;
}

/** `POST /api/ai/chat` as the user whose id is `token`; the stream read to its end. */
export async function postChatTurn(
  baseUrl: string,
  token: string,
  body: { message: string; pageId: string; chatId?: string },
): Promise<ConsumerChatTurn> {
  const response = await fetch(`${baseUrl}/api/ai/chat`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  const chunks = response.ok ? parseUiMessageStream(text) : [];
  return {
    status: response.status,
    chatId: response.headers.get('x-chat-id'),
    chunks,
    answer: chunks
      .filter((chunk) => chunk.type === 'text-delta')
      .map((chunk) => chunk.delta)
      .join(''),
  };
}

/** The tool calls of a turn, each with its result: the output, or the error text. */
export function toolCallsOf(turn: ConsumerChatTurn): {
  toolName: unknown;
  input: unknown;
  output: unknown;
  errorText: unknown;
}[] {
  return turn.chunks
    .filter((chunk) => chunk.type === 'tool-input-available')
    .map((call) => {
      const result = turn.chunks.find(
        (chunk) =>
          (chunk.type === 'tool-output-available' ||
            chunk.type === 'tool-output-error') &&
          chunk.toolCallId === call.toolCallId,
      );
      return {
        toolName: call.toolName,
        input: call.input,
        output: result?.output,
        errorText: result?.errorText,
      };
    });
}

/** A route's JSON body and status; Docmost's interceptor has wrapped the body. */
export async function requestJson(
  url: string,
  init: { method?: string; token?: string; body?: unknown } = {},
): Promise<{ status: number; body: unknown }> {
  const headers: Record<string, string> = {};
  if (init.token !== undefined) headers.authorization = `Bearer ${init.token}`;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(url, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  return {
    status: response.status,
    body: text === '' ? null : JSON.parse(text),
  };
}

/** An MCP SDK client on the app's `/mcp` route, signed in as the user whose id is `token`. */
export async function connectMcpClient(
  baseUrl: string,
  token: string,
): Promise<Client> {
  const client = new Client({ name: 'consumer-test', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${baseUrl}/mcp`), {
      requestInit: { headers: { authorization: `Bearer ${token}` } },
    }),
  );
  return client;
}

/** The JSON a successful MCP tool call returned as its first text content. */
export function mcpJson(result: object): unknown {
  const content = (result as { content?: unknown }).content;
  const [first] = (content ?? []) as { type: string; text: string }[];
  return JSON.parse(first!.text);
}
