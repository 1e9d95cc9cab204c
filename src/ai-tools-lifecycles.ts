import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationShutdown,
  type OnModuleDestroy,
  type OnModuleInit,
} from '@nestjs/common';
import type { Kysely } from 'kysely';
import {
  AI_TOOLS_OPTIONS,
  type AiToolsModuleOptions,
} from './ai-tools-module-options';
import type { CollaborationPages } from './collaboration';
import { KYSELY, type DB } from './database';
import { docmostVersionNotice } from './docmost-services';
import { errorMessage } from './ground';
import type { ToolHeavyWorkPool } from './tools';
import { HEAVY_WORK_POOL } from './workers';

/**
 * What the module does as the application starts and stops, besides providing: each a provider
 * of `AiToolsModule` that Nest calls at its hook.
 */

/** Closes the module's own database pool (opened when it was given a URL), and only that one. */
@Injectable()
export class OwnedDatabaseCloser implements OnApplicationShutdown {
  constructor(
    @Inject(AI_TOOLS_OPTIONS) private readonly options: AiToolsModuleOptions,
    @Inject(KYSELY) private readonly db: Kysely<DB>,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    if (!this.options.db) await this.db.destroy();
  }
}

/**
 * The module's worker pool for heavy tool work: started with the application, so no tool call
 * waits for a worker to start, and stopped with it.
 */
@Injectable()
export class HeavyWorkPoolLifecycle
  implements OnModuleInit, OnApplicationShutdown
{
  private readonly logger = new Logger('AiToolsHeavyWork');

  constructor(
    @Inject(HEAVY_WORK_POOL) private readonly pool: ToolHeavyWorkPool,
  ) {}

  async onModuleInit(): Promise<void> {
    try {
      await this.pool.warm();
    } catch (error) {
      // Tools without heavy work still serve; each heavy run tries to start the pool again.
      this.logger.error(
        `the worker pool for heavy tool work did not start: ${errorMessage(error)}`,
      );
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.pool.destroy();
  }
}

/** Says at boot which Docmost the module runs in, and warns when the checks did not pass on it. */
@Injectable()
export class DocmostVersionLog implements OnModuleInit {
  constructor(
    @Inject(AI_TOOLS_OPTIONS) private readonly options: AiToolsModuleOptions,
  ) {}

  onModuleInit(): void {
    const notice = docmostVersionNotice(this.options.docmostVersion);
    const logger = new Logger('AiTools');
    if (notice.level === 'warn')
      (this.options.logger ?? logger).warn(notice.message);
    else logger.log(notice.message);
  }
}

/** Live pages of the host's collaboration server, when the `collaboration` option is set. */
export const COLLABORATION_PAGES = Symbol('COLLABORATION_PAGES');

/**
 * Releases the direct connections live pages keep open between calls, first thing at shutdown
 * (`onModuleDestroy` runs before any `beforeApplicationShutdown`, where a host closes its
 * collaboration server): their last stores land while the database is open.
 */
@Injectable()
export class CollaborationPagesLifecycle implements OnModuleDestroy {
  constructor(
    @Inject(COLLABORATION_PAGES)
    private readonly pages: CollaborationPages | null,
  ) {}

  async onModuleDestroy(): Promise<void> {
    await this.pages?.close();
  }
}
