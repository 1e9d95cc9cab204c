import { Module } from '@nestjs/common';
import { AiToolsModule } from 'docmost-ai-tools';
import { KYSELY_MODULE_CONNECTION_TOKEN } from 'nestjs-kysely';
import { JwtAuthGuard } from '../auth/jwt-auth.guard';
import type { KyselyDB } from '../database/kysely-db';
import { EnvironmentService } from '../environment.service';
import { ChatController } from './chat.controller';
import { ChatService } from './chat.service';
import { McpController } from './mcp.controller';
import { TestProbesModule } from './test-probes.module';
import { RecordingPageWriter } from './recording-page-writer';

/**
 * The mount the package's README gives for Docmost's server, as written there, with three
 * exchanges, for what this app does not have: no collaboration server, so where Docmost binds
 * `collaboration: { server: collaborationClient(...) }` it binds a page writer of its own (the
 * `pageWriter` option), from a module of its own as Docmost's collaboration module provides its
 * gateway; none of Docmost's comment, page and share services, so `services` is left to the
 * package's SQL defaults; no Redis, so `callsPerUser` counts per instance.
 */
@Module({
  imports: [
    TestProbesModule,
    AiToolsModule.forRootAsync({
      imports: [TestProbesModule],
      // nestjs-kysely 3: KYSELY_MODULE_CONNECTION_TOKEN(); before 3 it is the constant itself.
      inject: [
        KYSELY_MODULE_CONNECTION_TOKEN(),
        EnvironmentService,
        RecordingPageWriter,
      ],
      useFactory: (
        db: KyselyDB,
        env: EnvironmentService,
        pageWriter: RecordingPageWriter,
      ) => ({
        db, // Docmost's Kysely, CamelCasePlugin
        publicBaseUrl: env.getAppUrl(),
        authGuard: JwtAuthGuard, // Docmost's per-controller guard, on the module's routes too
        migrate: true, // the module's migrations at boot, in their own table
        pageWriter, // here in place of `collaboration: { server: gateway }`
        commentSignal: {
          // or false to turn it off
          debounceMs: 20_000,
          // Its own 2-connection pool: each count one round trip, timeout set at connect.
          // DATABASE_URL as Docmost's .env has it (?schema=public is dropped before connecting).
          countConnection: {
            connectionString: env.getDatabaseURL(),
            driver: 'postgres-js',
          },
        },
      }),
    }),
  ],
  controllers: [ChatController, McpController],
  providers: [ChatService],
})
export class AiToolsMountModule {} // Docmost already has an AiModule
