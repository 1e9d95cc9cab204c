import { Global, Module } from '@nestjs/common';
import { CamelCasePlugin } from 'kysely';
import { PostgresJSDialect } from 'kysely-postgres-js';
import { KyselyModule } from 'nestjs-kysely';
import * as postgres from 'postgres';
import { EnvironmentService } from '../environment.service';

/**
 * `DATABASE_URL` without the `schema` parameter: Docmost's `.env` carries `?schema=public`, which
 * postgres.js would send as a startup parameter PostgreSQL refuses, so Docmost drops it.
 */
function withoutSchemaParameter(url: string): string {
  const parsed = new URL(url);
  parsed.searchParams.delete('schema');
  return parsed.toString();
}

/**
 * Docmost's DatabaseModule (apps/server/src/database/database.module.ts): nestjs-kysely over
 * postgres.js with int8 parsed as a number and the CamelCasePlugin; every service takes the
 * instance with `@InjectKysely()`. Docmost's own migrations are not this app's business; the
 * AI module runs its own at start (`migrate: true`).
 */
@Global()
@Module({
  imports: [
    KyselyModule.forRootAsync({
      imports: [],
      inject: [EnvironmentService],
      useFactory: (environmentService: EnvironmentService) => ({
        dialect: new PostgresJSDialect({
          postgres: postgres(
            withoutSchemaParameter(environmentService.getDatabaseURL()),
            {
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
            },
          ),
        }),
        plugins: [new CamelCasePlugin()],
      }),
    }),
  ],
})
export class DatabaseModule {}
