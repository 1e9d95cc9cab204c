import type { ProseMirrorNode } from '../../src';

/** One page of the demo workspace; `text_content` is derived from `content` when seeding. */
export interface DemoPage {
  readonly id: string;
  /** Docmost's short public id (10 alphanumerics), unique across the database. */
  readonly slugId: string;
  readonly title: string;
  readonly icon: string | null;
  readonly spaceId: string;
  readonly parentPageId: string | null;
  /** Fractional index among siblings, compared byte-wise (`collate "C"`) as Docmost does. */
  readonly position: string;
  readonly creatorId: string;
  readonly lastUpdatedById: string;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly content: ProseMirrorNode;
}

/** The author of a page who also made its last change: both of the row's user columns. */
export function writtenBy(
  userId: string,
): Pick<DemoPage, 'creatorId' | 'lastUpdatedById'> {
  return { creatorId: userId, lastUpdatedById: userId };
}

/** One comment; a thread is a top-level comment plus the replies pointing at it. */
export interface DemoComment {
  readonly id: string;
  readonly pageId: string;
  readonly parentCommentId: string | null;
  readonly creatorId: string;
  /** The comment body as plain text (stored as a one-paragraph ProseMirror doc). */
  readonly body: string;
  /** The anchored page text, for top-level comments. */
  readonly selection: string | null;
  readonly createdAt: string;
  /** Set on a resolved top-level comment. */
  readonly resolved?: { readonly byId: string; readonly at: string };
}

/** An older snapshot of a page, as Docmost's history keeps them. */
export interface DemoPageVersion {
  readonly id: string;
  readonly pageId: string;
  readonly version: number;
  readonly title: string;
  readonly lastUpdatedById: string;
  readonly createdAt: string;
  readonly content: ProseMirrorNode;
}
