/**
 * A PostgreSQL URL as a driver may receive it. Docmost's `DATABASE_URL` carries Prisma's
 * `?schema=public` (its `.env.example` has it); postgres.js sends every query parameter it does
 * not know as a startup parameter, which PostgreSQL refuses ("unrecognized configuration
 * parameter"), so Docmost removes it before connecting. The module does the same for every pool
 * it opens, so the host's URL can be passed as it is. Anything that is not a URL is returned
 * unchanged (the driver then reports it).
 */
export function driverConnectionString(connectionString: string): string {
  let url: URL;
  try {
    url = new URL(connectionString);
  } catch {
    return connectionString;
  }
  if (!url.searchParams.has('schema')) return connectionString;
  url.searchParams.delete('schema');
  return url.toString();
}
