import {
  type ArgumentsHost,
  Catch,
  type ExceptionFilter,
} from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { DatabaseUnavailableError, messageWithCause } from '../../src';
import { DatabaseOutageLog } from './database-outage-log';

/** Seconds a client should wait before retrying; the pools reconnect on the next request. */
const RETRY_AFTER_SECONDS = 5;

/**
 * Any route (auth guard included) whose query could not reach the database answers 503, not
 * 500, with a one-line reason and no stack in the log: the outage is the operator's to fix and
 * the client's to retry, and the server keeps serving as soon as the database answers again.
 */
@Catch(DatabaseUnavailableError)
export class DatabaseUnavailableFilter implements ExceptionFilter<DatabaseUnavailableError> {
  constructor(private readonly outages: DatabaseOutageLog) {}

  catch(error: DatabaseUnavailableError, host: ArgumentsHost): void {
    // The driver's own words (host, port) are for the operator's log, not the response.
    this.outages.failed(messageWithCause(error));
    if (host.getType() !== 'http') throw error;
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    // A hijacked reply (the MCP transport, a chat stream) has already started its answer.
    if (reply.sent || reply.raw.headersSent) return;
    void reply
      .status(503)
      .header('retry-after', String(RETRY_AFTER_SECONDS))
      .send({
        statusCode: 503,
        error: 'Service Unavailable',
        message: 'the database is unavailable; try again in a few seconds',
      });
  }
}
