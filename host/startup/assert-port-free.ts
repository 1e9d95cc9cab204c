import { createServer } from 'node:net';
import { StartupError } from '../../src';

/** The error `main` reports when the HTTP port cannot be bound. */
export function portError(
  port: number,
  error: unknown,
): StartupError | undefined {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EADDRINUSE')
    return new StartupError(
      `port ${port} is already in use; set PORT to a free port`,
      'PORT',
      { cause: error },
    );
  if (code === 'EACCES')
    return new StartupError(
      `port ${port} needs elevated privileges; set PORT to a port above 1023`,
      'PORT',
      { cause: error },
    );
  return undefined;
}

/**
 * Checks the port before the database is opened (an embedded cluster takes a moment to start
 * and stop) and before Nest, whose listen() logs a multi-part error of its own.
 */
export async function assertPortFree(
  port: number,
  host: string,
): Promise<void> {
  if (port === 0) return;
  await new Promise<void>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (error) => reject(portError(port, error) ?? error));
    probe.listen(port, host, () => probe.close(() => resolve()));
  });
}
