import { auditRecorder, type AuditRecorder } from './docmost-audit';
import type { ServiceCaller } from './docmost-services';
import type {
  DocmostCommentShape,
  DocmostPageShape,
  DocmostProvenance,
  DocmostServiceInstances,
  DocmostUserShape,
} from './docmost-service-shapes';

/** Docmost's services at the shapes: a port reads only what they declare, and Docmost's classes fit them. */
type ShapedInstances = DocmostServiceInstances<
  DocmostPageShape,
  DocmostUserShape,
  DocmostCommentShape
>;

/**
 * What every port of the Docmost binding works with: Docmost's service instances, its audit
 * log, and how it finds the person and the page a write is for.
 */
export interface DocmostBinding {
  readonly instances: ShapedInstances;
  readonly audit: AuditRecorder;
  /** The caller as Docmost's `User` in its workspace; throws when they are no longer one. */
  user(
    caller: Pick<ServiceCaller, 'userId' | 'workspaceId'>,
  ): Promise<DocmostUserShape>;
  /** The page (with `hasChildren`, as Docmost's routes load it); throws when it is gone. */
  page(pageId: string): Promise<DocmostPageShape>;
  /** The provenance Docmost reads: the person's write, made by their agent in that chat. */
  provenance(caller: ServiceCaller): DocmostProvenance;
}

export function docmostBinding(instances: ShapedInstances): DocmostBinding {
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
