import { docmostAccess } from './docmost-access';
import { docmostAttachmentCopies } from './docmost-attachment-copies';
import { docmostBinding } from './docmost-binding';
import { docmostCommentWrites } from './docmost-comment-writes';
import { docmostPageWrites } from './docmost-page-writes';
import {
  docmostShareWrites,
  docmostSharingPolicy,
} from './docmost-share-writes';
import type { DocmostServices } from './docmost-services';
import type {
  DocmostCommentShape,
  DocmostPageShape,
  DocmostServiceInstances,
  DocmostUserShape,
} from './docmost-service-shapes';
import { requireProvenance } from './require-provenance';

/**
 * The package's ports bound to Docmost's own services, so that an agent's write is Docmost's
 * write by the same person: the same rows, the same websocket events, watchers,
 * notifications, page events (and the search and embedding jobs they queue), decided by
 * Docmost's own rules (who may see, edit and comment on a page, whether sharing is allowed),
 * and, with `auditService`, in Docmost's audit log as its routes would put it. Pass the instances
 * Docmost's modules provide (see README, "Mount it in Docmost"); the reference host passes its
 * Docmost-like services the same way.
 */
export function docmostServices<
  Page extends DocmostPageShape,
  User extends DocmostUserShape,
  Comment extends DocmostCommentShape,
>(instances: DocmostServiceInstances<Page, User, Comment>): DocmostServices {
  requireProvenance(instances);
  const binding = docmostBinding(instances);
  // One port at a time, each in its own file: a host that binds only some of them passes the
  // rest as the package's database binding (see `DocmostServicesOption`).
  return {
    comments: docmostCommentWrites(binding),
    pages: docmostPageWrites(binding),
    shares: docmostShareWrites(binding),
    attachments: docmostAttachmentCopies(binding),
    sharing: docmostSharingPolicy(binding),
    audit: { record: binding.audit },
    // Who may see, edit and comment on a page: Docmost's PageAccessService decides.
    ...docmostAccess(instances.pageAccessService, {
      user: (caller) =>
        instances.userRepo.findById(caller.userId, caller.workspaceId),
      page: (pageId) => binding.page(pageId),
    }),
  };
}
