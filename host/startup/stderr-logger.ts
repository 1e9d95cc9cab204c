import { ConsoleLogger, type LogLevel } from '@nestjs/common';

/**
 * Nest's console logger writes everything below `error` to stdout. The server's stdout carries
 * one line (where it listens), which scripts read; every log line goes to stderr instead.
 */
export class StderrLogger extends ConsoleLogger {
  protected override printMessages(
    messages: unknown[],
    context?: string,
    logLevel?: LogLevel,
    _stream?: 'stdout' | 'stderr',
    errorStack?: unknown,
  ): void {
    super.printMessages(messages, context, logLevel, 'stderr', errorStack);
  }
}
