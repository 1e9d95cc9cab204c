import type { PageStashOptions } from '../../../stash';
import type { HeavyWorkPool } from '../../../workers';
import type { ScriptSandboxOptions } from '../../sandbox';

/** Options of the transformPage and stashPage executors. */
export interface ContentExecutorOptions {
  /**
   * Origin the server is reached at, for stash URLs (`<origin>/api/ai-tools/stash/<key>`),
   * e.g. Docmost's `APP_URL`. Default `http://localhost:3000`.
   */
  readonly publicBaseUrl?: string;
  /** transformPage's sandbox limits (time, memory, stack, sizes); see `ScriptSandboxOptions` for defaults. */
  readonly sandbox?: ScriptSandboxOptions;
  /** stashPage's limits (snapshot size, live stashes per user); see `PageStashOptions` for defaults. */
  readonly stash?: PageStashOptions;
  /** The worker pool transform scripts (and Markdown snapshots of large pages) run in; default the process-wide shared pool. */
  readonly heavyWork?: HeavyWorkPool;
}
