import { Module } from '@nestjs/common';
import { AiToolsModule } from 'docmost-ai-tools';
import { KYSELY_MODULE_CONNECTION_TOKEN } from 'nestjs-kysely';
import type { KyselyDB } from '../database/kysely-db';
import { EnvironmentService } from '../environment.service';
import { ChatController } from './chat.controller';
import { ChatService } from './chat.service';
import { McpController } from './mcp.controller';
import { PageWritesModule } from './page-writes.module';
import { RecordingPageWriter } from './recording-page-writer';

/**
 * The mount the package's README gives for Docmost's server, as written there; the host's page
 * writer comes from a module of its own, as Docmost's collaboration writer would.
 */
@Module({
  imports: [
    PageWritesModule,
    AiToolsModule.forRootAsync({
      imports: [PageWritesModule],
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
        pageWriter, // Docmost's writer through Hocuspocus (Yjs); here one recording its calls
        commentSignal: {
          // or false to turn it off
          debounceMs: 20_000,
          // Its own 2-connection pool: each count one round trip, timeout set at connect.
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
export class AiModule {}
