import { Global, Module, type OnApplicationBootstrap } from '@nestjs/common';
import { migrateAiToolsModule } from 'docmost-ai-tools';
import { CamelCasePlugin } from 'kysely';
import { PostgresJSDialect } from 'kysely-postgres-js';
import { InjectKysely, KyselyModule } from 'nestjs-kysely';
import * as postgres from 'postgres';
import { EnvironmentService } from '../environment.service';
import type { KyselyDB } from './kysely-db';

/**
 * Docmost's DatabaseModule (apps/server/src/database/database.module.ts): nestjs-kysely over
 * postgres.js with int8 parsed as a number and the CamelCasePlugin; every service takes the
 * instance with `@InjectKysely()`. Where Docmost runs its own migrations at bootstrap, the AI
 * module's set runs too.
 */
@Global()
@Module({
  imports: [
    KyselyModule.forRootAsync({
      imports: [],
      inject: [EnvironmentService],
      useFactory: (environmentService: EnvironmentService) => ({
        dialect: new PostgresJSDialect({
          postgres: postgres(environmentService.getDatabaseURL(), {
            max: 5,
            onnotice: () => {},
            types: {
              bigint: {
                to: 20,
                from: [20, 1700],
                serialize: (value: number) => value.toString(),
                parse: (value: string) => Number.parseInt(value),
              },
            },
          }),
        }),
        plugins: [new CamelCasePlugin()],
      }),
    }),
  ],
})
export class DatabaseModule implements OnApplicationBootstrap {
  constructor(@InjectKysely() private readonly db: KyselyDB) {}

  async onApplicationBootstrap(): Promise<void> {
    const applied = await migrateAiToolsModule(this.db);
    // The spec reads this line: the migrations ran here, through the package.
    console.log(JSON.stringify({ migrated: applied }));
  }
}
