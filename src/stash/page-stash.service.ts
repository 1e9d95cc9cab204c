import type { Kysely } from 'kysely';
import type { DB } from '../database';
import type { AuditCaller } from '../docmost-services';
import {
  DEFAULT_PAGE_STASH_OPTIONS,
  MAX_STASH_MINUTES,
  type PageStashOptions,
} from './page-stash-options';
import { mayServeStash, type PageStashRules } from './page-stash-rules';
import {
  PageStashRepository,
  type ListedPageStash,
} from './page-stash.repository';
import {
  isStashFormat,
  stashContentType,
  type StashFormat,
} from './stash-format';
import { generateStashKey, hashStashKey, isStashKey } from './stash-key';
import { StashLimitExceededError } from './stash-limit-exceeded-error';
import {
  decodeStashListCursor,
  encodeStashListCursor,
} from './stash-list-cursor';

export interface CreatePageStash {
  readonly workspaceId: string;
  readonly spaceId: string;
  readonly pageId: string;
  readonly creatorId: string;
  /** Who the audit event names: the creator, and the chat when their agent made the link. */
  readonly caller: AuditCaller;
  readonly format: StashFormat;
  readonly fileName: string;
  /** The snapshot as it will be served: already cleaned for a public view. */
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

/** A page of the admins' list, in Docmost's cursor pagination shape. */
export interface PageStashList {
  readonly items: readonly ListedPageStash[];
  readonly meta: {
    readonly limit: number;
    readonly hasNextPage: boolean;
    /** Give it as `cursor` for the next page; null on the last. */
    readonly nextCursor: string | null;
  };
}

function formatSize(bytes: number): string {
  if (bytes >= 1024 * 1024)
    return `${Number((bytes / (1024 * 1024)).toFixed(1))} MiB`;
  if (bytes >= 1024) return `${Number((bytes / 1024).toFixed(1))} KiB`;
  return `${bytes} bytes`;
}

/** The metadata that tells a stash link's share events from those of Docmost's share links. */
const STASH_LINK = { link: 'stash' } as const;

/**
 * Short-lived page snapshots behind unguessable keys: created by the stashPage tool (which
 * checks the caller's access to the page), opened by the public download route under Docmost's
 * share rules (`PageStashRules`), listed and revoked by the workspace's admins. A link's
 * creation and revocation go to Docmost's audit log as its share events (`share.created`,
 * `share.deleted`, with `link: 'stash'` in the metadata): a stash link is a public link to a
 * page, and Docmost's audit log knows no other event for one.
 */
export class PageStashService {
  private readonly options: Required<PageStashOptions>;
  private readonly repository: PageStashRepository;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly rules: PageStashRules,
    options: PageStashOptions = {},
  ) {
    this.options = { ...DEFAULT_PAGE_STASH_OPTIONS, ...options };
    this.repository = new PageStashRepository(db);
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
    const { id, expiresAt } = await this.repository.insert({
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
    await this.rules.audit.record(stash.caller, {
      event: 'share.created',
      resourceType: 'share',
      resourceId: id,
      spaceId: stash.spaceId,
      metadata: {
        pageId: stash.pageId,
        spaceId: stash.spaceId,
        ...STASH_LINK,
        format: stash.format,
        expiresAt: expiresAt.toISOString(),
      },
    });
    return { key, expiresAt, bytes };
  }

  /**
   * Looks a key up and decides, as Docmost decides each view of a public share, whether it may
   * still be served. An expired stash is deleted as it is refused; so is one its page's rules
   * no longer allow (trashed or restricted since, sharing turned off for its workspace or space,
   * its creator gone or without access): as Docmost deletes the shares of a workspace or space
   * whose sharing is turned off, the link does not come back when the rule changes again.
   */
  async open(key: string): Promise<OpenedPageStash> {
    if (!isStashKey(key)) return { status: 'missing' };
    const stash = await this.repository.findByKeyHash(hashStashKey(key));
    if (!stash || !isStashFormat(stash.format)) return { status: 'missing' };
    if (stash.expired) {
      await this.repository.delete(stash.id);
      return { status: 'expired', expiredAt: stash.expiresAt };
    }
    const servable =
      (await this.repository.creatorIsActive(stash)) &&
      (await mayServeStash(this.db, this.rules, stash));
    if (!servable) {
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

  /** The workspace's unexpired stash links, newest first; the route checked the caller is an admin. */
  async list(
    workspaceId: string,
    page: { readonly limit: number; readonly cursor?: string },
  ): Promise<PageStashList> {
    const after =
      page.cursor === undefined
        ? undefined
        : decodeStashListCursor(page.cursor);
    // One row more than asked says whether there is a next page.
    const rows = await this.repository.listActive(
      workspaceId,
      page.limit + 1,
      after,
    );
    const shown = rows.slice(0, page.limit);
    const last = shown.at(-1);
    const hasNextPage = rows.length > page.limit;
    return {
      items: shown.map(({ position: _position, ...item }) => item),
      meta: {
        limit: page.limit,
        hasNextPage,
        nextCursor:
          hasNextPage && last !== undefined
            ? encodeStashListCursor({ createdAt: last.position, id: last.id })
            : null,
      },
    };
  }

  /**
   * Deletes an unexpired stash link of the caller's workspace (its URL answers 404 from then on)
   * and records it as Docmost's share route records a deleted share. False when there is none
   * with this id (wrong id, another workspace's, or expired).
   */
  async revoke(
    caller: { readonly userId: string; readonly workspaceId: string },
    stashId: string,
  ): Promise<boolean> {
    const stash = await this.repository.findActiveById(
      caller.workspaceId,
      stashId,
    );
    if (!stash) return false;
    await this.repository.delete(stash.id);
    await this.rules.audit.record(
      {
        userId: caller.userId,
        workspaceId: caller.workspaceId,
        aiChatId: null,
        actor: 'user',
      },
      {
        event: 'share.deleted',
        resourceType: 'share',
        resourceId: stash.id,
        ...(stash.spaceId === null ? {} : { spaceId: stash.spaceId }),
        changes: {
          before: { pageId: stash.pageId, spaceId: stash.spaceId },
        },
        metadata: STASH_LINK,
      },
    );
    return true;
  }
}
