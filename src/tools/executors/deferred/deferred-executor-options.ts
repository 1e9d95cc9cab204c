import type { HeavyWorkPool } from '../../../workers';

/** Options of the deferred-tier executors over Docmost's schema. */
export interface DeferredExecutorOptions {
  /**
   * Origin of the Docmost web app, used to build public share URLs (`<origin>/share/<key>/p/<slug>`),
   * e.g. Docmost's `APP_URL`. Default `http://localhost:3000`.
   */
  readonly publicBaseUrl?: string;
  /** The worker pool diffPageVersions uses for large pages; default the process-wide shared pool. */
  readonly heavyWork?: HeavyWorkPool;
}

export const DEFAULT_PUBLIC_BASE_URL = 'http://localhost:3000';
