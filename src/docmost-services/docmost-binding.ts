import { auditRecorder, type AuditRecorder } from './docmost-audit';
import type { ServiceCaller } from './docmost-services';
import type {
  DocmostCommentShape,
  DocmostPageShape,
  DocmostProvenance,
  DocmostServiceInstances,
  DocmostUserShape,
} from './docmost-service-shapes';

/**
 * What every port of the Docmost binding works with: Docmost's service instances, its audit
 * log, and how it finds the person and the page a write is for. A port reads only what the
 * shapes declare, so it takes the binding at the shapes (Docmost's own entities fit them).
 */
export interface DocmostBinding<
  Page extends DocmostPageShape = DocmostPageShape,
  User extends DocmostUserShape = DocmostUserShape,
  Comment extends DocmostCommentShape = DocmostCommentShape,
> {
  readonly instances: DocmostServiceInstances<Page, User, Comment>;
  readonly audit: AuditRecorder;
  /** The caller as Docmost's `User` in its workspace; throws when they are no longer one. */
  user(caller: Pick<ServiceCaller, 'userId' | 'workspaceId'>): Promise<User>;
  /** The page (with `hasChildren`, as Docmost's routes load it); throws when it is gone. */
  page(pageId: string): Promise<Page>;
  /** The provenance Docmost reads: the person's write, made by their agent in that chat. */
  provenance(caller: ServiceCaller): DocmostProvenance;
}

export function docmostBinding<
  Page extends DocmostPageShape,
  User extends DocmostUserShape,
  Comment extends DocmostCommentShape,
>(
  instances: DocmostServiceInstances<Page, User, Comment>,
): DocmostBinding<Page, User, Comment> {
  return {
    instances,
    audit: auditRecorder(instances.auditService),
    async user(caller) {
      const found = await instances.userRepo.findById(
        caller.userId,
        caller.workspaceId,
      );
      if (!found)
        throw new Error(
          `user ${caller.userId} is not a user of workspace ${caller.workspaceId}`,
        );
      return found;
    },
    async page(pageId) {
      const found = await instances.pageRepo.findById(pageId, {
        includeHasChildren: true,
      });
      if (!found) throw new Error(`page ${pageId} not found`);
      return found;
    },
    provenance: (caller) => ({ actor: 'agent', aiChatId: caller.aiChatId }),
  };
}
