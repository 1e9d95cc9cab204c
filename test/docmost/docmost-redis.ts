import Redis from 'ioredis';

/**
 * Docmost's Redis as the checks read it: the jobs it queued, its collaboration locks, its chat
 * throttle. The jobs are read from its BullMQ queues. BullMQ appends an `added` entry
 * to each queue's event stream (`bull:<queue>:events`) for every job, and keeps the stream after
 * the job ran and was removed (search and AI jobs are removed as soon as they complete), so the
 * stream is what says what was queued. The job's data is read from its hash while it is kept.
 */
export interface QueuedJob {
  /** Docmost's queue name, e.g. `{general-queue}`. */
  readonly queue: string;
  /** The job's name, e.g. `add-page-watchers`. */
  readonly name: string;
  /** The job's data, when BullMQ still keeps the job. */
  readonly data?: unknown;
}

/** The last stream id of each queue: what `jobsSince` reads after. */
export type QueueMark = ReadonlyMap<string, string>;

export class DocmostRedis {
  private constructor(private readonly redis: Redis) {}

  static connect(redisUrl: string): DocmostRedis {
    return new DocmostRedis(
      new Redis(redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2 }),
    );
  }

  /** Docmost's queues that have an event stream (every queue a job was ever added to). */
  private async queues(): Promise<string[]> {
    const keys: string[] = [];
    let cursor = '0';
    do {
      const [next, found] = await this.redis.scan(
        cursor,
        'MATCH',
        'bull:*:events',
        'COUNT',
        1000,
      );
      cursor = next;
      keys.push(...found);
    } while (cursor !== '0');
    return keys
      .map((key) => key.slice('bull:'.length, -':events'.length))
      .sort();
  }

  /** Where each queue's stream is now. */
  async jobsMark(): Promise<QueueMark> {
    const mark = new Map<string, string>();
    for (const queue of await this.queues()) {
      const last = await this.redis.xrevrange(
        `bull:${queue}:events`,
        '+',
        '-',
        'COUNT',
        1,
      );
      mark.set(queue, last[0]?.[0] ?? '0-0');
    }
    return mark;
  }

  /** Every job added after `mark` (from `jobsMark`), in the order of each queue's stream, queues by name. */
  async jobsSince(mark: QueueMark): Promise<QueuedJob[]> {
    const jobs: QueuedJob[] = [];
    for (const queue of await this.queues()) {
      const after = mark.get(queue) ?? '0-0';
      const entries = await this.redis.xrange(
        `bull:${queue}:events`,
        `(${after}`,
        '+',
      );
      for (const [, fields] of entries) {
        // The entry's fields come flat: name, value, name, value.
        const field = (name: string) => {
          for (let index = 0; index < fields.length; index += 2)
            if (fields[index] === name) return fields[index + 1];
          return undefined;
        };
        if (field('event') !== 'added') continue;
        const name = field('name') ?? '?';
        const jobId = field('jobId');
        const stored =
          jobId === undefined
            ? null
            : await this.redis.hget(`bull:${queue}:${jobId}`, 'data');
        jobs.push(
          stored === null
            ? { queue, name }
            : { queue, name, data: JSON.parse(stored) },
        );
      }
    }
    return jobs;
  }

  /** Deletes keys matching a pattern (Docmost's chat throttle counters between turns). */
  async deleteMatching(pattern: string): Promise<number> {
    let cursor = '0';
    let deleted = 0;
    do {
      const [next, found] = await this.redis.scan(
        cursor,
        'MATCH',
        pattern,
        'COUNT',
        1000,
      );
      cursor = next;
      if (found.length > 0) deleted += await this.redis.del(...found);
    } while (cursor !== '0');
    return deleted;
  }

  /** A key's string value (Docmost's collaboration lock `collabLock:page.<id>`). */
  get(key: string): Promise<string | null> {
    return this.redis.get(key);
  }

  async close(): Promise<void> {
    await this.redis.quit();
  }
}
