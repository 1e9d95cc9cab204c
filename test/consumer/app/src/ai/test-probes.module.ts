import { Controller, Get, Injectable, Module } from '@nestjs/common';
import {
  RecordingPageWriter,
  type PageWriteCall,
} from './recording-page-writer';
import type { ModelStep } from './scripted-chat-model';

/** Every call of the scripted model since the app started, in order. */
@Injectable()
export class ModelSteps {
  private readonly steps: ModelStep[] = [];

  record(step: ModelStep): void {
    this.steps.push(step);
  }

  recorded(): readonly ModelStep[] {
    return [...this.steps];
  }
}

/**
 * What the spec reads back, unguarded and wrapped by the app's response interceptor like any
 * Docmost route: `GET /api/test/page-writes` (what the package asked the host's writer for) and
 * `GET /api/test/model-steps` (the tools each model call was sent).
 */
@Controller('test')
export class TestProbesController {
  constructor(
    private readonly writer: RecordingPageWriter,
    private readonly modelSteps: ModelSteps,
  ) {}

  @Get('page-writes')
  pageWrites(): { calls: readonly PageWriteCall[] } {
    return { calls: this.writer.recorded() };
  }

  @Get('model-steps')
  steps(): { steps: readonly ModelStep[] } {
    return { steps: this.modelSteps.recorded() };
  }
}

/**
 * The host's page writer as a provider of its own module, as Docmost's collaboration module
 * provides its gateway: the AI module's `forRootAsync` imports it to inject the writer.
 */
@Module({
  controllers: [TestProbesController],
  providers: [RecordingPageWriter, ModelSteps],
  exports: [RecordingPageWriter, ModelSteps],
})
export class TestProbesModule {}
