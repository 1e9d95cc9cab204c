import { recordedAuditEvents } from './audit-recording';
import { withDatabase } from './docmost-checks';
import type { DocmostRedis } from './docmost-redis';
import type { DocmostSocket } from './docmost-socket';

/**
 * What one write does in Docmost, seen from outside: the messages another member's open tab
 * receives (her socket.io connection), the jobs queued in Redis, the audit events recorded, and
 * the page's watcher and notification rows. Each effect is one line of text, its ids named by
 * their role (`<page>`, `<comment>`, a person's role), so the agent's write and the person's can
 * be compared line for line.
 */
export interface Effects {
  readonly lines: readonly string[];
}

/** The fields whose values differ between two writes of the same kind and say nothing of it. */
const VOLATILE = new Set([
  'createdAt',
  'updatedAt',
  'editedAt',
  'deletedAt',
  'resolvedAt',
  'at',
  'position',
  'content',
  'textContent',
  'key',
  'ydoc',
]);

/** The agent's provenance, compared on its own (the person's writes have none). */
const PROVENANCE = new Set([
  'createdSource',
  'aiChatId',
  'lastUpdatedSource',
  'resolvedSource',
  'source',
]);

function isOnlyProvenance(value: unknown): boolean {
  return (
    value !== null &&
    typeof value === 'object' &&
    Object.keys(value).every((key) => PROVENANCE.has(key))
  );
}

function normalise(
  value: unknown,
  roles: ReadonlyMap<string, string>,
): unknown {
  if (typeof value === 'string') return roles.get(value) ?? value;
  if (Array.isArray(value)) return value.map((item) => normalise(item, roles));
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => !PROVENANCE.has(key))
        // An audit event's metadata that holds only the agent's provenance.
        .filter(
          ([key, item]) => !(key === 'metadata' && isOnlyProvenance(item)),
        )
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, item]) => [
          key,
          VOLATILE.has(key) ? `<${key}>` : normalise(item, roles),
        ]),
    );
  return value;
}

/**
 * Jobs queued by what follows a write rather than by the write: Docmost's collaboration queues
 * page-history, page-content-updated, page-backlinks and a search update when it stores a page,
 * at a moment that depends on the path (a mark set server-side is stored after the debounce, the
 * agent's editor connection is stored when it leaves), and the notification processor queues
 * the email after the notification row, which is compared.
 */
const LATER = new Set([
  '{history-queue} page-history',
  '{ai-queue} page-content-updated',
  '{general-queue} page-backlinks',
  '{search-queue} page-updated',
  '{email-queue} send-email',
]);

/**
 * The queues whose jobs BullMQ keeps after they ran (Docmost's general and notification queues):
 * their data is compared. The others drop a job once it ran, so whether its data can still be
 * read is a matter of timing; the email queue's data is a rendered email.
 */
const KEPT_DATA = new Set(['{general-queue}', '{notification-queue}']);

/**
 * Whether a job is about one of the write's pages: a job whose data names other pages (a
 * collaboration store of an earlier row's page, finishing late) is not this write's.
 */
function concerns(data: unknown, pages: readonly string[]): boolean {
  if (data === null || typeof data !== 'object') return true;
  const { pageId, pageIds } = data as { pageId?: unknown; pageIds?: unknown };
  const named = [
    ...(typeof pageId === 'string' ? [pageId] : []),
    ...(Array.isArray(pageIds) ? pageIds : []),
  ];
  return named.length === 0 || named.some((id) => pages.includes(String(id)));
}

/** Where the observed sources stood before a write. */
interface Marks {
  readonly socket: number;
  readonly jobs: Awaited<ReturnType<DocmostRedis['jobsMark']>>;
  readonly audit: number;
  /** The database's clock: watcher and notification rows made after it are the write's. */
  readonly databaseTime: string;
}

export class EffectsObserver {
  constructor(
    private readonly socket: DocmostSocket,
    private readonly redis: DocmostRedis,
    private readonly auditFile: string,
    private readonly databaseUrl: string,
    /** Every person's id by role, and other ids shared by both writes (the space, the workspace). */
    private readonly fixedRoles: ReadonlyMap<string, string>,
  ) {}

  async mark(): Promise<Marks> {
    return {
      socket: this.socket.mark(),
      jobs: await this.redis.jobsMark(),
      audit: recordedAuditEvents(this.auditFile).length,
      databaseTime: await withDatabase(this.databaseUrl, async (client) =>
        String(
          (
            await client.query<{ now: string }>(
              'select clock_timestamp()::text as now',
            )
          ).rows[0].now,
        ),
      ),
    };
  }

  /**
   * The effects since `marks` of writes on `pages` (their new watcher and notification rows,
   * whoever they are for), with `roles` naming the write's own ids.
   */
  async since(
    marks: Marks,
    pages: readonly string[],
    roles: Readonly<Record<string, string>>,
  ): Promise<Effects> {
    const names = new Map([...this.fixedRoles, ...Object.entries(roles)]);
    const text = (value: unknown) => JSON.stringify(normalise(value, names));
    const lines: string[] = [];
    for (const message of this.socket.since(marks.socket))
      lines.push(`ws ${message.operation} ${text(message)}`);
    for (const job of await this.redis.jobsSince(marks.jobs)) {
      if (!concerns(job.data, pages) || LATER.has(`${job.queue} ${job.name}`))
        continue;
      lines.push(
        `job ${job.queue} ${job.name}${KEPT_DATA.has(job.queue) ? ` ${text(job.data)}` : ''}`,
      );
    }
    for (const event of recordedAuditEvents(this.auditFile).slice(marks.audit))
      lines.push(
        `audit ${event.payload.event} ${text({ payload: event.payload, context: event.context })}`,
      );
    await withDatabase(this.databaseUrl, async (client) => {
      const watchers = await client.query<{ user_id: string; page_id: string }>(
        'select user_id, page_id from watchers where page_id = any($1) and created_at > $2::timestamptz order by user_id',
        [pages, marks.databaseTime],
      );
      for (const row of watchers.rows)
        lines.push(`watcher ${text({ user: row.user_id, page: row.page_id })}`);
      const notifications = await client.query(
        'select user_id, actor_id, type, page_id, comment_id from notifications where page_id = any($1) and created_at > $2::timestamptz',
        [pages, marks.databaseTime],
      );
      for (const row of notifications.rows)
        lines.push(`notification ${row.type} ${text(row)}`);
    });
    return { lines: lines.sort() };
  }
}

/** The kind of each effect line (`ws commentCreated`, `job {general-queue} add-page-watchers`, …). */
export function kinds(effects: Effects): string[] {
  return [
    ...new Set(
      effects.lines.map((line) =>
        line
          .split(' ')
          .slice(0, line.startsWith('job ') ? 3 : 2)
          .join(' '),
      ),
    ),
  ].sort();
}

/** Polls `read` until `done` holds of its answer or `timeoutMs` passed; resolves with the last answer. */
export async function settle<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    value = await read();
  }
  return value;
}
