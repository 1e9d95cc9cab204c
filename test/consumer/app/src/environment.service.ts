import { Injectable } from '@nestjs/common';

/** The two settings Docmost's `EnvironmentService` gives the AI module, read from the process environment. */
@Injectable()
export class EnvironmentService {
  getDatabaseURL(): string {
    const url = process.env.DATABASE_URL;
    if (!url)
      throw new Error(
        'DATABASE_URL is not set: the consumer app needs a PostgreSQL URL',
      );
    return url;
  }

  getAppUrl(): string {
    return process.env.APP_URL ?? 'http://localhost:3000';
  }
}
