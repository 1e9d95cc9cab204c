import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { dynamicTool, jsonSchema, type JSONSchema7, type Tool } from 'ai';

/** A connected external MCP server: its tools as AI SDK tools, all of the deferred tier. */
export interface ConnectedMcpServer {
  readonly name: string;
  readonly prefix: string;
  /** Keyed by `<prefix>_<tool>`, in the order the server listed them. */
  readonly tools: Readonly<Record<string, Tool>>;
  /** The same names with the server's descriptions, for `<mcp_tooling>`. */
  readonly toolDescriptions: readonly {
    readonly name: string;
    readonly description?: string;
  }[];
}

/** Listed MCP tool, as far as this adapter reads it. */
export interface ListedMcpTool {
  readonly name: string;
  readonly description?: string;
  readonly inputSchema: Readonly<Record<string, unknown>>;
}

/** Providers accept `^[a-zA-Z0-9_-]{1,64}$` as function names; MCP names may hold more. */
const MAX_TOOL_NAME_LENGTH = 64;

/** `<prefix>_<tool>` with characters providers reject replaced by `_`. */
export function prefixedToolName(prefix: string, toolName: string): string {
  return `${prefix}_${toolName.replace(/[^A-Za-z0-9_-]/g, '_')}`.slice(
    0,
    MAX_TOOL_NAME_LENGTH,
  );
}

interface McpContentItem {
  readonly type: string;
  readonly text?: string;
}

/** The text a model reads for an MCP result: text items joined, other items as JSON. */
export function mcpResultText(
  content: readonly McpContentItem[] | undefined,
): string {
  return (content ?? [])
    .map((item) =>
      item.type === 'text' && typeof item.text === 'string'
        ? item.text
        : JSON.stringify(item),
    )
    .join('\n');
}

/**
 * Adapts the listed tools of one server. A tool whose prefixed name collides with an earlier one
 * (two names differing only in rejected characters) is skipped and reported through `onSkip`.
 */
export function adaptMcpTools(options: {
  readonly client: Pick<Client, 'callTool'>;
  readonly name: string;
  readonly prefix: string;
  readonly listed: readonly ListedMcpTool[];
  readonly onSkip?: (message: string) => void;
}): ConnectedMcpServer {
  const tools: Record<string, Tool> = {};
  const toolDescriptions: { name: string; description?: string }[] = [];
  for (const listed of options.listed) {
    const name = prefixedToolName(options.prefix, listed.name);
    if (name in tools) {
      options.onSkip?.(
        `external MCP server "${options.name}": tool "${listed.name}" is skipped, its name ${name} is already taken`,
      );
      continue;
    }
    tools[name] = dynamicTool({
      description: listed.description,
      inputSchema: jsonSchema(listed.inputSchema as JSONSchema7),
      execute: async (input, { abortSignal }) => {
        const result = await options.client.callTool(
          {
            name: listed.name,
            arguments: (input ?? {}) as Record<string, unknown>,
          },
          undefined,
          { signal: abortSignal },
        );
        const text = mcpResultText(
          result.content as McpContentItem[] | undefined,
        );
        // The model reads a thrown error as an error result; MCP marks those with isError.
        if (result.isError === true)
          throw new Error(text === '' ? `${name} failed` : text);
        return text;
      },
    });
    toolDescriptions.push({ name, description: listed.description });
  }
  return {
    name: options.name,
    prefix: options.prefix,
    tools,
    toolDescriptions,
  };
}
