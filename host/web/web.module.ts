import { Module } from '@nestjs/common';
import { WebController } from './web.controller';
import { WebRepository } from './web.repository';
import { WebService } from './web.service';

/** The API of the reference host's web app; its files are served by `serveWebApp`. */
@Module({
  controllers: [WebController],
  providers: [WebRepository, WebService],
})
export class WebModule {}
