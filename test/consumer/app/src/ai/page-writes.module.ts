import { Controller, Get, Module } from '@nestjs/common';
import { Public } from '../auth/auth.decorators';
import {
  RecordingPageWriter,
  type PageWriteCall,
} from './recording-page-writer';

/** `GET /api/test/page-writes`: what the package asked the host's writer for, in order. */
@Controller('test')
export class PageWritesController {
  constructor(private readonly writer: RecordingPageWriter) {}

  @Public()
  @Get('page-writes')
  pageWrites(): { calls: readonly PageWriteCall[] } {
    return { calls: this.writer.recorded() };
  }
}

/**
 * The host's page writer as a provider of its own module, as Docmost's collaboration module
 * provides its writer: the AI module's `forRootAsync` imports it to inject the writer.
 */
@Module({
  controllers: [PageWritesController],
  providers: [RecordingPageWriter],
  exports: [RecordingPageWriter],
})
export class PageWritesModule {}
