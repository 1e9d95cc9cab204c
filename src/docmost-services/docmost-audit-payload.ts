/**
 * Docmost's audit events for the writes the agent's tools and the module's routes make
 * (`common/events/audit-events.ts`). Only Docmost's own names: its `AuditEventType` is a closed
 * union, so the `auditService` of the mount compiles only for events Docmost knows, and its audit
 * log lists only those.
 */
export type DocmostAuditEvent =
  | 'comment.created'
  | 'comment.deleted'
  | 'comment.resolved'
  | 'comment.reopened'
  | 'page.created'
  | 'page.trashed'
  | 'page.moved_to_space'
  | 'share.created'
  | 'share.deleted'
  | 'workspace.updated';

/** Docmost's `AuditLogPayload`. */
export interface DocmostAuditPayload {
  readonly event: DocmostAuditEvent;
  readonly resourceType: 'comment' | 'page' | 'share' | 'workspace';
  readonly resourceId: string;
  /** The space of the resource; none for a workspace event. */
  readonly spaceId?: string;
  readonly changes?: {
    readonly before?: Readonly<Record<string, unknown>>;
    readonly after?: Readonly<Record<string, unknown>>;
  };
  readonly metadata?: Readonly<Record<string, unknown>>;
}

/** Docmost's `AuditLogContext`: who acted, in which workspace. */
export interface DocmostAuditContext {
  readonly workspaceId: string;
  readonly actorId: string;
  readonly actorType: 'user';
}
