/**
 * Notices produced by `execute`, kept for `toModelOutput`, which only receives the raw output.
 * Keyed by tool call id. Not removed on read: `streamText` renders each result twice (the step's
 * response messages, then the next step's prompt), and both renderings must carry the notices.
 * The holder lives as long as its tool set (one turn); the oldest entries beyond `capacity` are
 * dropped, long after the SDK has rendered them.
 */
export class ToolCallNotices {
  private readonly byToolCallId = new Map<string, readonly string[]>();

  constructor(private readonly capacity = 256) {}

  record(toolCallId: string, notices: readonly string[]): void {
    this.byToolCallId.delete(toolCallId);
    if (notices.length === 0) return;
    this.byToolCallId.set(toolCallId, notices);
    // A Map iterates in insertion order: the first key is the oldest entry.
    while (this.byToolCallId.size > this.capacity) {
      this.byToolCallId.delete(this.byToolCallId.keys().next().value as string);
    }
  }

  of(toolCallId: string): readonly string[] {
    return this.byToolCallId.get(toolCallId) ?? [];
  }

  get size(): number {
    return this.byToolCallId.size;
  }
}
