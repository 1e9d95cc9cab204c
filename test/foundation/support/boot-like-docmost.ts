/**
 * Boots the module the way Docmost's `main.ts` boots its server: rejections are logged and the
 * process kept (Docmost's `unhandledRejection` handler), the start not awaited by anyone. Used by
 * module-migrations-at-boot.spec.ts to see what a failed boot migration does to such a process.
 * Environment: DATABASE_URL (a database Docmost has not migrated).
 */
import 'reflect-metadata';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { AiToolsModule } from '../../../src';

@Module({
  imports: [
    AiToolsModule.forRoot({
      databaseUrl: process.env.DATABASE_URL,
      migrate: { waitForHostSchemaMs: 0 },
      stats: false,
      commentSignal: false,
    }),
  ],
})
class DocmostShapedAppModule {}

process.on('unhandledRejection', (reason) => {
  console.error(`UnhandledRejection, reason: ${String(reason)}`);
});

async function bootstrap(): Promise<void> {
  const app = await NestFactory.createApplicationContext(
    DocmostShapedAppModule,
    {
      logger: ['error', 'warn', 'log'],
    },
  );
  await app.init();
  console.log('listening');
}

void bootstrap();
