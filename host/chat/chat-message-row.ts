import {
  getToolOrDynamicToolName,
  isTextUIPart,
  isToolOrDynamicToolUIPart,
  type UIMessage,
} from 'ai';
import { sql, type RawBuilder } from 'kysely';
import type { JsonValue } from '../../src';
import { storableCopy } from '../../src';

/**
 * How Docmost's fork stores one chat message in `ai_chat_messages`: `content` is the message's
 * plain text (what full-text search and Docmost's chat list read), `tool_calls` the tool calls of
 * its steps with their inputs and results, `metadata` `{ parts }`, the AI SDK UI message parts
 * from which the conversation is replayed, and `status` how the turn ended.
 */
export type ChatMessageStatus = 'completed' | 'error' | 'aborted';

export interface StoredToolCall {
  readonly toolCallId: string;
  readonly toolName: string;
  readonly input: unknown;
  /** The part's state when the turn ended: 'output-available', 'output-error', or an unfinished one. */
  readonly state: string;
  readonly output?: unknown;
  readonly errorText?: string;
}

export interface ChatMessageColumns {
  readonly content: string;
  readonly toolCalls: readonly StoredToolCall[] | null;
  readonly metadata: {
    readonly parts: UIMessage['parts'];
    readonly error?: string;
  };
}

/** The text, tool calls and parts of a UI message as Docmost's columns hold them. */
export function chatMessageColumns(
  message: UIMessage,
  error?: string,
): ChatMessageColumns {
  const text = message.parts
    .filter(isTextUIPart)
    .map((part) => part.text)
    .join('\n\n');
  const toolCalls = message.parts
    .filter(isToolOrDynamicToolUIPart)
    .map((part): StoredToolCall => ({
      toolCallId: part.toolCallId,
      toolName: getToolOrDynamicToolName(part),
      input: part.input,
      state: part.state,
      ...(part.state === 'output-available' ? { output: part.output } : {}),
      ...(part.state === 'output-error' ? { errorText: part.errorText } : {}),
    }));
  // A model may write U+0000 or a lone surrogate into its text or a tool's arguments; the
  // turn is stored with U+FFFD in their place rather than lost to PostgreSQL's refusal.
  return storableCopy({
    content: text,
    toolCalls: toolCalls.length > 0 ? toolCalls : null,
    metadata: {
      parts: message.parts,
      ...(error === undefined ? {} : { error }),
    },
  });
}

/**
 * A stored row back as a UI message: its parts from `metadata.parts`; a row without them (one
 * Docmost's own chat wrote as plain text) becomes one text part.
 */
export function uiMessageOfRow(row: {
  readonly id: string;
  readonly role: string;
  readonly content: string | null;
  readonly metadata: JsonValue;
}): UIMessage {
  const metadata = row.metadata;
  const parts =
    metadata !== null &&
    typeof metadata === 'object' &&
    !Array.isArray(metadata) &&
    Array.isArray(metadata.parts)
      ? (metadata.parts as unknown as UIMessage['parts'])
      : row.content
        ? [{ type: 'text' as const, text: row.content }]
        : [];
  return { id: row.id, role: row.role as UIMessage['role'], parts };
}

/**
 * A jsonb value sent as JSON text and cast in SQL, the same on both drivers: node-postgres sends a
 * top-level JS array as a PostgreSQL array, and postgres.js encodes a string bound to a jsonb
 * parameter as a JSON string; a text parameter cast to jsonb is parsed by PostgreSQL itself.
 */
export function jsonb(value: unknown): RawBuilder<JsonValue> {
  return value === null
    ? sql<JsonValue>`null::jsonb`
    : sql<JsonValue>`${JSON.stringify(value)}::text::jsonb`;
}
