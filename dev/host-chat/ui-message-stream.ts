/** One chunk of the AI SDK UI message stream, as a client reads it. */
export interface UiMessageChunk {
  readonly type: string;
  readonly [key: string]: unknown;
}

/** Parses an SSE body of the UI message stream into its chunks (without the closing `[DONE]`). */
export function parseUiMessageStream(body: string): UiMessageChunk[] {
  return body
    .split('\n\n')
    .map((event) => event.trim())
    .filter((event) => event.startsWith('data: ') && event !== 'data: [DONE]')
    .map((event) => JSON.parse(event.slice('data: '.length)) as UiMessageChunk);
}
