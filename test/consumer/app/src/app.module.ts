import { Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { AiToolsMountModule } from './ai/ai-tools-mount.module';
import { TransformHttpResponseInterceptor } from './common/http-response.interceptor';
import { DatabaseModule } from './database/database.module';
import { EnvironmentModule } from './environment.module';

/**
 * Docmost's runtime traits the mount has to live with: no global guard (each controller says
 * `@UseGuards(JwtAuthGuard)`), and a global interceptor wrapping every returned body.
 */
@Module({
  imports: [EnvironmentModule, DatabaseModule, AiToolsMountModule],
  providers: [
    { provide: APP_INTERCEPTOR, useClass: TransformHttpResponseInterceptor },
  ],
})
export class AppModule {}
