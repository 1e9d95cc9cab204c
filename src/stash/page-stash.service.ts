import {
  DEFAULT_PAGE_STASH_OPTIONS,
  MAX_STASH_MINUTES,
  type PageStashOptions,
} from './page-stash-options';
import type { PageStashRepository } from './page-stash.repository';
import {
  isStashFormat,
  stashContentType,
  type StashFormat,
} from './stash-format';
import { generateStashKey, hashStashKey, isStashKey } from './stash-key';
import { StashLimitExceededError } from './stash-limit-exceeded-error';

export interface CreatePageStash {
  readonly workspaceId: string;
  readonly pageId: string;
  readonly creatorId: string;
  readonly format: StashFormat;
  readonly fileName: string;
  readonly body: string;
  /** 1 to 1440. */
  readonly expiresInMinutes: number;
}

export interface CreatedPageStash {
  /** The secret part of the URL; returned once, stored only as its hash. */
  readonly key: string;
  readonly expiresAt: Date;
  readonly bytes: number;
}

export type OpenedPageStash =
  | {
      readonly status: 'found';
      readonly body: string;
      readonly contentType: string;
      readonly fileName: string;
      readonly bytes: number;
    }
  | { readonly status: 'expired'; readonly expiredAt: Date }
  | { readonly status: 'missing' };

function formatSize(bytes: number): string {
  if (bytes >= 1024 * 1024)
    return `${Number((bytes / (1024 * 1024)).toFixed(1))} MiB`;
  if (bytes >= 1024) return `${Number((bytes / 1024).toFixed(1))} KiB`;
  return `${bytes} bytes`;
}

/**
 * Short-lived page snapshots behind unguessable keys: created by the stashPage tool (which
 * checks the caller's access to the page), opened by the public download route.
 */
export class PageStashService {
  private readonly options: Required<PageStashOptions>;

  constructor(
    private readonly repository: PageStashRepository,
    options: PageStashOptions = {},
  ) {
    this.options = { ...DEFAULT_PAGE_STASH_OPTIONS, ...options };
  }

  async create(stash: CreatePageStash): Promise<CreatedPageStash> {
    if (
      !Number.isInteger(stash.expiresInMinutes) ||
      stash.expiresInMinutes < 1 ||
      stash.expiresInMinutes > MAX_STASH_MINUTES
    ) {
      throw new RangeError(
        `expiresInMinutes must be an integer from 1 to ${MAX_STASH_MINUTES}, got ${stash.expiresInMinutes}`,
      );
    }
    const bytes = Buffer.byteLength(stash.body, 'utf8');
    if (bytes > this.options.maxBytes) {
      throw new StashLimitExceededError(
        'bytes',
        `the snapshot is ${formatSize(bytes)} as ${stash.format}; a stash holds at most ${formatSize(this.options.maxBytes)}`,
      );
    }
    // Expired rows go first, so they never count against the caller and never pile up.
    await this.repository.deleteExpired(this.options.cleanupBatchSize);
    const active = await this.repository.countActive(stash.creatorId);
    if (active >= this.options.maxActivePerUser) {
      throw new StashLimitExceededError(
        'active',
        `you already have ${active} unexpired stash links (at most ${this.options.maxActivePerUser}); wait for one to expire or stash with a shorter expiresInMinutes`,
      );
    }
    const key = generateStashKey();
    const { expiresAt } = await this.repository.insert({
      keyHash: hashStashKey(key),
      workspaceId: stash.workspaceId,
      pageId: stash.pageId,
      creatorId: stash.creatorId,
      format: stash.format,
      fileName: stash.fileName,
      body: stash.body,
      bytes,
      expiresInMinutes: stash.expiresInMinutes,
    });
    return { key, expiresAt, bytes };
  }

  /** Looks a key up; an expired stash is deleted as it is refused. */
  async open(key: string): Promise<OpenedPageStash> {
    if (!isStashKey(key)) return { status: 'missing' };
    const stash = await this.repository.findByKeyHash(hashStashKey(key));
    if (!stash || !isStashFormat(stash.format)) return { status: 'missing' };
    if (stash.expired) {
      await this.repository.delete(stash.id);
      return { status: 'expired', expiredAt: stash.expiresAt };
    }
    // Trashed since, or its creator lost access (or left): gone, like a link that never was.
    if (!(await this.repository.creatorStillSeesPage(stash))) {
      await this.repository.delete(stash.id);
      return { status: 'missing' };
    }
    return {
      status: 'found',
      body: stash.body,
      contentType: stashContentType(stash.format),
      fileName: stash.fileName,
      bytes: stash.bytes,
    };
  }
}
