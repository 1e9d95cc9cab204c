import { io, type Socket } from 'socket.io-client';

/**
 * A member's open Docmost tab, as far as its sidebar and comment list hear: Docmost's socket.io
 * connection (`/socket.io`, websocket transport, the `authToken` cookie), which joins the
 * member's user, workspace and space rooms. Docmost sends every tree and comment event as a
 * `message` whose `operation` names it (`commentCreated`, `addTreeNode`, `updateOne`, …).
 */
export interface DocmostMessage {
  readonly operation: string;
  readonly [key: string]: unknown;
}

export class DocmostSocket {
  private readonly received: DocmostMessage[] = [];
  private readonly waiters = new Set<() => void>();

  private constructor(private readonly socket: Socket) {
    socket.on('message', (message: DocmostMessage) => {
      this.received.push(message);
      for (const wake of this.waiters) wake();
    });
  }

  /**
   * Connects as the person whose `authToken` is given. Docmost answers the handshake before its
   * `handleConnection` has read the person's spaces and joined their rooms, so a caller that
   * needs the rooms waits for a first event of its own making (`waitFor`).
   */
  static async open(
    baseUrl: string,
    authToken: string,
  ): Promise<DocmostSocket> {
    const socket = io(baseUrl, {
      transports: ['websocket'],
      extraHeaders: { cookie: `authToken=${authToken}` },
      reconnection: false,
    });
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(
            new Error(
              `Docmost's socket.io at ${baseUrl} did not connect within 10 s`,
            ),
          ),
        10_000,
      );
      socket.once('connect', () => {
        clearTimeout(timer);
        resolve();
      });
      socket.once('connect_error', (error) => {
        clearTimeout(timer);
        reject(
          new Error(
            `Docmost's socket.io at ${baseUrl} refused the connection: ${error.message}`,
          ),
        );
      });
      // Docmost accepts the websocket, then says Unauthorized and disconnects a bad cookie.
      socket.once('Unauthorized', () => {
        clearTimeout(timer);
        reject(
          new Error(`Docmost's socket.io at ${baseUrl} answered Unauthorized`),
        );
      });
    });
    const opened = new DocmostSocket(socket);
    return opened;
  }

  /** Every message received so far (a copy). */
  messages(): DocmostMessage[] {
    return [...this.received];
  }

  /** A mark: the number of messages so far, for `since(mark)`. */
  mark(): number {
    return this.received.length;
  }

  since(mark: number): DocmostMessage[] {
    return this.received.slice(mark);
  }

  /** Resolves with the first message (after `mark`) that matches; fails after `timeoutMs`. */
  async waitFor(
    matches: (message: DocmostMessage) => boolean,
    {
      mark = 0,
      timeoutMs = 15_000,
    }: { mark?: number; timeoutMs?: number } = {},
  ): Promise<DocmostMessage> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.received.slice(mark).find(matches);
      if (found !== undefined) return found;
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(
          `no matching Docmost socket message within ${timeoutMs} ms; received after the mark: ${JSON.stringify(
            this.received.slice(mark).map((message) => message.operation),
          )}`,
        );
      await new Promise<void>((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          this.waiters.delete(wake);
          resolve();
        };
        const timer = setTimeout(wake, left);
        this.waiters.add(wake);
      });
    }
  }

  close(): void {
    this.socket.disconnect();
  }
}
