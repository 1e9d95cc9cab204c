import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import {
  FastifyAdapter,
  type NestFastifyApplication,
} from '@nestjs/platform-fastify';
import { AppModule } from './app.module';

/**
 * Docmost's bootstrap in short: Fastify, routes under `/api` (the MCP route at `/mcp`), shutdown
 * hooks on SIGTERM. Listens on PORT (0: any free port) and prints where as one JSON line.
 */
async function bootstrap(): Promise<void> {
  const app = await NestFactory.create<NestFastifyApplication>(
    AppModule,
    new FastifyAdapter(),
    {
      logger: ['error', 'warn'],
    },
  );
  app.setGlobalPrefix('api', { exclude: ['mcp'] });
  app.enableShutdownHooks();
  await app.listen(Number(process.env.PORT ?? 0), '127.0.0.1');
  console.log(JSON.stringify({ listening: await app.getUrl() }));
}

bootstrap().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
