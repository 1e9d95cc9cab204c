import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import type { Kysely } from 'kysely';
import type { ToolCallContext } from '../registry/tool-call-context';
import type { ToolInterceptor } from '../registry/tool-interceptor';
import type {
  OutgoingCommentPage,
  CommentSignalSessionStore,
  StoredCommentSignalSession,
} from './session';
import {
  resolveCommentSignalOptions,
  type CommentSignalOptions,
} from './comment-signal-options';
import type { DB } from '../database';
import {
  createDatabaseCommentSource,
  openCommentCountDatabase,
} from './database-source';
import { CommentSignal } from './comment-signal';

export const COMMENT_SIGNAL_OPTIONS = Symbol('COMMENT_SIGNAL_OPTIONS');

/** Both surfaces' database sources share one count pool, opened only when `countConnection` is given. */
function createSignal(options: CommentSignalOptions): CommentSignal {
  let countDatabase: Kysely<DB> | undefined;
  const resolved = resolveCommentSignalOptions(
    options,
    (db, mode, statementTimeoutMs) => {
      if (options.countConnection !== undefined)
        countDatabase ??= openCommentCountDatabase(
          options.countConnection,
          statementTimeoutMs,
        );
      return createDatabaseCommentSource(db, {
        mode,
        statementTimeoutMs,
        visiblePage: options.visiblePage,
        countDatabase,
      });
    },
  );
  return new CommentSignal(resolved, countDatabase);
}

/**
 * The comment signal as a tool interceptor: after each tool call it may append one notice,
 * `[signal] new comments: N on page <id> ("<title>") — call listComments(pageId) for details`,
 * when humans commented on pages the session works on. Without news the outcome is returned
 * untouched (the same object), and nothing here can fail or noticeably delay a tool call.
 */
export function createCommentSignalInterceptor(
  options: CommentSignalOptions,
): ToolInterceptor {
  if (options.countConnection !== undefined) {
    throw new TypeError(
      'comment signal: countConnection opens a pool that must be closed; use createCommentSignal (its close() closes it) instead of createCommentSignalInterceptor',
    );
  }
  return createSignal(options).intercept;
}

/** The interceptor with its sessions' state in and out (`open`, `carry`), for hosts that keep it between calls. */
export function createCommentSignal(
  options: CommentSignalOptions,
): CommentSignal {
  return createSignal(options);
}

/**
 * The same interceptor for Nest: provide `COMMENT_SIGNAL_OPTIONS` and register `intercept`;
 * `open` and `carry` take a session's kept state in and hand it on (see `CommentSignal.open`).
 */
@Injectable()
export class CommentSignalInterceptor implements OnApplicationShutdown {
  readonly intercept: ToolInterceptor;
  private readonly signal: CommentSignal;

  constructor(@Inject(COMMENT_SIGNAL_OPTIONS) options: CommentSignalOptions) {
    this.signal = createCommentSignal(options);
    this.intercept = this.signal.intercept;
  }

  open(
    context: ToolCallContext,
    stored: StoredCommentSignalSession,
    store?: CommentSignalSessionStore,
  ): void {
    this.signal.open(context, stored, store);
  }

  carry(context: ToolCallContext): OutgoingCommentPage[] {
    return this.signal.carry(context);
  }

  onApplicationShutdown(): Promise<void> {
    return this.signal.close();
  }
}
