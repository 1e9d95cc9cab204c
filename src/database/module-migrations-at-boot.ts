import {
  Inject,
  Injectable,
  Logger,
  Module,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import type { Kysely } from 'kysely';
import { KYSELY } from './kysely.token';
import { migrateAiToolsModule } from './migrate-module';
import { ModuleMigrationError } from './module-migration-error';
import { errorMessage } from '../ground';

/** What the boot's migration run does (option `migrate`), or null when the host migrates itself. */
export interface ModuleMigrationsAtBootOptions {
  readonly waitForHostSchemaMs: number;
  readonly onFailure: 'exit' | 'throw';
}

export const MODULE_MIGRATIONS_AT_BOOT = Symbol('MODULE_MIGRATIONS_AT_BOOT');

/** The boot's run from the module option `migrate` (null: the host runs them itself), checked. */
export function resolveMigrationsAtBoot(
  migrate:
    | boolean
    | { readonly waitForHostSchemaMs?: number; readonly onFailure?: string }
    | undefined,
): ModuleMigrationsAtBootOptions | null {
  if (!migrate) return null;
  const given = migrate === true ? {} : migrate;
  const waitForHostSchemaMs = given.waitForHostSchemaMs ?? 60_000;
  if (!Number.isFinite(waitForHostSchemaMs) || waitForHostSchemaMs < 0)
    throw new RangeError(
      `migrate.waitForHostSchemaMs must be a number of milliseconds from 0 (how long the boot waits for Docmost's own migrations), got ${String(waitForHostSchemaMs)}`,
    );
  const onFailure = given.onFailure ?? 'exit';
  if (onFailure !== 'exit' && onFailure !== 'throw')
    throw new RangeError(
      `migrate.onFailure must be 'exit' or 'throw', got ${JSON.stringify(onFailure)}`,
    );
  return { waitForHostSchemaMs, onFailure };
}

/** The one line a failed run leaves in the log. */
function failureLine(error: unknown): string {
  if (error instanceof ModuleMigrationError) return error.message;
  const reason = errorMessage(error);
  return `docmost-ai-tools: the module's migrations did not run: ${reason}`;
}

/**
 * The module's migrations at boot, once Docmost's own ran. Docmost migrates its database in its
 * (global) `DatabaseModule.onApplicationBootstrap`, and Nest calls every global module's
 * bootstrap hooks before any other module's: so this provider lives in a module that is NOT
 * global (below), and its hook runs after Docmost's migrator, whatever the import order.
 */
@Injectable()
class ModuleMigrationsAtBoot implements OnApplicationBootstrap {
  private readonly logger = new Logger('AiToolsMigrations');

  constructor(
    @Inject(MODULE_MIGRATIONS_AT_BOOT)
    private readonly options: ModuleMigrationsAtBootOptions | null,
    @Inject(KYSELY) private readonly db: Kysely<any>,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.options) return;
    try {
      const applied = await migrateAiToolsModule(this.db, {
        waitForHostSchemaMs: this.options.waitForHostSchemaMs,
        onWait: (message) => this.logger.warn(message),
      });
      if (applied.length > 0) this.logger.log(`applied ${applied.join(', ')}`);
    } catch (error) {
      this.logger.error(failureLine(error));
      if (this.options.onFailure === 'throw') throw error;
      // Docmost's main logs a rejected boot and keeps the process, which then never listens:
      // end it, as Docmost's own DatabaseModule does when it cannot reach the database.
      process.exit(1);
    }
  }
}

/**
 * Imported by `AiToolsModule`, which is global; this one must not be (see above). It takes the
 * options and the database from `AiToolsModule`'s exports.
 */
@Module({ providers: [ModuleMigrationsAtBoot] })
export class ModuleMigrationsAtBootModule {}
