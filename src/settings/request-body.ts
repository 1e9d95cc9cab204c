import { BadRequestException } from '@nestjs/common';
import type { z } from 'zod';

/**
 * Validates a JSON request body. A bad body is a 400 whose message names the field, what was
 * expected and what was received, e.g. `deferredTools: expected a boolean (true or false), got
 * string "yes"`, with the field repeated in `field` for clients.
 */
export function parseRequestBody<Schema extends z.ZodType>(
  schema: Schema,
  body: unknown,
  expected: string,
): z.output<Schema> {
  const result = schema.safeParse(body ?? undefined);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const field = issue.path.map(String).join('.');
  if (field === '') {
    throw new BadRequestException({
      statusCode: 400,
      error: 'Bad Request',
      message: `request body: ${issue.message}; expected ${expected}`,
    });
  }
  throw new BadRequestException({
    statusCode: 400,
    error: 'Bad Request',
    message: `${field}: ${issue.message}`,
    field,
  });
}

/** `got <type> <value>` for error messages; long values are cut. */
export function describeReceived(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  const shown = JSON.stringify(value);
  return `${typeof value} ${shown.length > 60 ? `${shown.slice(0, 57)}...` : shown}`;
}
