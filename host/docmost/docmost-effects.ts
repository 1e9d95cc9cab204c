/**
 * What Docmost's services do besides writing rows, as the reference host's Docmost-like services
 * record it: a websocket event to a page's or a space's room (`ws`), a queued job (`queue`:
 * watchers, notifications, a page moved to another space) and an application event (`event`:
 * `PAGE_CREATED` and the others, which Docmost's listeners turn into search and embedding jobs)
 * and an audit event (`audit`: what Docmost's controllers write to its audit log).
 */
export interface DocmostEffect {
  readonly kind: 'ws' | 'queue' | 'event' | 'audit';
  /** Docmost's name: `commentCreated`, `ADD_PAGE_WATCHERS`, `PAGE_MOVED`, `page.trashed`, ... */
  readonly name: string;
  /** The page's or the space's room (`ws`), or the job's or event's subject. */
  readonly pageId?: string;
  readonly spaceId?: string;
  /** The acting person. */
  readonly userId?: string;
  /** The comment, share or page the effect is about, when the call created or changed one. */
  readonly subjectId?: string;
  readonly details?: Readonly<Record<string, string | boolean | null>>;
}

/**
 * The in-process record of effects: what the tests read to compare an agent's call with the
 * same person's call through the host's routes. Bounded: the oldest effects go first.
 */
export class DocmostEffects {
  private readonly recorded: DocmostEffect[] = [];

  constructor(private readonly limit = 10_000) {}

  record(effect: DocmostEffect): void {
    this.recorded.push(effect);
    if (this.recorded.length > this.limit) this.recorded.shift();
  }

  /** A mark to read what happens after it (`since`). */
  mark(): number {
    return this.recorded.length;
  }

  since(mark: number): readonly DocmostEffect[] {
    return this.recorded.slice(mark);
  }
}
