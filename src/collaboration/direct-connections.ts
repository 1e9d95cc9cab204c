import { ToolError } from '../registry/tool-error';
import type {
  CollaborationConnection,
  CollaborationServer,
} from './collaboration-server';

/** The tool's answer when the collaboration server cannot be reached; the cause goes to the log. */
export function collaborationUnavailable(
  pageId: string,
  cause: unknown,
): ToolError {
  const error = new ToolError(
    'unavailable',
    `the collaboration server did not answer for page ${pageId}; nothing was written: try again in a moment`,
    { pageId },
  );
  (error as { cause?: unknown }).cause = cause;
  return error;
}

/** Opening and releasing direct connections, with a deadline on the opening. */
export class DirectConnections {
  constructor(
    private readonly server: CollaborationServer,
    private readonly timeoutMs: number,
    private readonly onError?: (message: string, error: unknown) => void,
  ) {}

  /**
   * Opens `documentName` (loading it when the server has not), or fails with `unavailable`
   * once `timeoutMs` passed; a connection that opens after the deadline is released at once.
   */
  async open(
    pageId: string,
    documentName: string,
    context: unknown,
  ): Promise<CollaborationConnection> {
    const opening = this.server.openDirectConnection(documentName, context);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`no answer in ${this.timeoutMs} ms`)),
        this.timeoutMs,
      );
      timer.unref();
    });
    try {
      return await Promise.race([opening, timeout]);
    } catch (error) {
      opening.then((late) => this.release(late)).catch(() => undefined);
      throw collaborationUnavailable(pageId, error);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Lets the server store and unload; a failure is only told (nothing waits on it). */
  release(connection: CollaborationConnection): void {
    connection.disconnect().catch((error: unknown) => {
      this.onError?.(
        'collaboration server failed to release a direct connection',
        error,
      );
    });
  }
}
