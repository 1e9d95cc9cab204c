import { Module } from '@nestjs/common';
import { AuthController } from './auth.controller';

/** The `/api/auth/*` routes; the guard itself is installed globally by AppModule. */
@Module({ controllers: [AuthController] })
export class AuthModule {}
