/**
 * Who is calling a tool and from where. Executors act as this user: every executor checks
 * workspace and space membership against it, never trusting ids from the model alone.
 */
export interface ToolCallContext {
  readonly userId: string;
  readonly workspaceId: string;
  /** Which surface the call came through; tool names in messages follow that surface. */
  readonly surface: 'chat' | 'mcp';
  /** One chat turn, or one MCP session: the unit of per-session state (working set, watermark). */
  readonly sessionId: string;
  /** The in-app chat the call belongs to; absent on MCP. Written to `comments.ai_chat_id`. */
  readonly chatId?: string;
  /** The page open next to the in-app chat, if any. */
  readonly currentPageId?: string;
  /**
   * When the session began (MCP `initialize`, or the chat message arriving): the comment
   * signal's earliest watermark, so a comment made before the first tool call still counts.
   * Absent: the first tool call of the session.
   */
  readonly sessionStartedAt?: Date;
  readonly abortSignal?: AbortSignal;
}

/**
 * The key of a caller's session, for state kept per session (the comment signal's, a turn's
 * figures). Scoped by surface, workspace and user too: a session id reused by another caller
 * finds no state.
 */
export function sessionKeyOf(context: ToolCallContext): string {
  return JSON.stringify([
    context.surface,
    context.workspaceId,
    context.userId,
    context.sessionId,
  ]);
}
