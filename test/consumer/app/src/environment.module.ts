import { Global, Module } from '@nestjs/common';
import { EnvironmentService } from './environment.service';

/** Global, as Docmost's EnvironmentModule: the database and AI modules inject the service. */
@Global()
@Module({ providers: [EnvironmentService], exports: [EnvironmentService] })
export class EnvironmentModule {}
