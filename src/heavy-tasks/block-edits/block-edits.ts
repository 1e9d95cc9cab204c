import {
  transferDocument,
  type StoredFormOptions,
  type TransferredDocument,
} from '../../stored-document';
import { ToolError } from '../../ground';
import {
  BLOCK_ID_NODE_TYPES,
  isBlockId,
  assignBlockIds,
  collectBlockIds,
  insertAtPath,
  spliceAtPath,
  extractText,
  nodeAtPath,
  type NodePath,
  REQUIRED_PARENT_TYPES,
  readStoredDocument,
  type ProseMirrorNode,
  assertValidNode,
} from '../../document';
import {
  applyTableEdit,
  type TableEdit,
  type TableEditReport,
} from './table-edits';
import {
  applyCommentAnchor,
  type CommentAnchorEdit,
  type CommentAnchorReport,
} from './comment-anchor-edit';
import { assertValidContainer } from './assert-valid-container';
import { resolveBlock } from './resolve-block';

/**
 * One block-level change of patchNode, insertNode, deleteNode, a table tool or createComment's
 * anchor of a new thread, as data: what a worker needs to make it on a large page (a function
 * cannot cross to a worker; this can).
 */
export type BlockEdit =
  | TableEdit
  | CommentAnchorEdit
  | {
      readonly kind: 'patch';
      /** The block's id or `#<n>`. */
      readonly nodeId: string;
      readonly node: unknown;
    }
  | {
      readonly kind: 'insert';
      readonly position: 'before' | 'after' | 'append';
      /** The anchor's id or `#<n>`; absent for `append`. */
      readonly anchorNodeId?: string;
      readonly node: unknown;
    }
  | { readonly kind: 'delete'; readonly nodeId: string };

/** What each kind of change reports besides the new document. */
export type BlockEditReport =
  | TableEditReport
  | CommentAnchorReport
  | {
      readonly kind: 'patch';
      /** The new block's id: the old one unless the node brought another; null for blocks without ids. */
      readonly nodeId: string | null;
      readonly type: string;
      readonly replacedText: string;
    }
  | {
      readonly kind: 'insert';
      readonly nodeId: string | null;
      readonly type: string;
      /** `#<n>` position when the block landed at the top level; null when nested. */
      readonly outlineIndex: number | null;
    }
  | {
      readonly kind: 'delete';
      readonly deleted: { readonly type: string; readonly text: string };
    };

export interface BlockEditResult {
  readonly document: TransferredDocument;
  readonly report: BlockEditReport;
}

/**
 * Makes one block edit of a page's document, or throws the ToolError the model reads. Linear in
 * the page (the block is found, the page's block ids collected, the containers checked), so a
 * worker runs it for a large page: from the page's JSON text, making the new document's stored
 * form there, which is all of it that crosses back.
 */
export function applyBlockEdit(input: {
  /** The page's document, or its JSON text (a large page, read as text). */
  readonly document: ProseMirrorNode | string;
  readonly edit: BlockEdit;
  readonly storedForm?: StoredFormOptions;
}): BlockEditResult {
  const doc = readStoredDocument(input.document);
  const { edit } = input;
  const { updated, report } =
    edit.kind === 'patch'
      ? patch(doc, edit)
      : edit.kind === 'insert'
        ? insert(doc, edit)
        : edit.kind === 'delete'
          ? remove(doc, edit)
          : edit.kind === 'commentAnchor'
            ? applyCommentAnchor(doc, edit)
            : applyTableEdit(doc, edit);
  return {
    document: transferDocument(
      updated,
      JSON.stringify(updated),
      'the new content',
      input.storedForm,
    ),
    report,
  };
}

interface Edited<Report extends BlockEditReport> {
  readonly updated: ProseMirrorNode;
  readonly report: Report;
}

/** Replaces one block, keeping its id when the replacement gives none. */
function patch(
  doc: ProseMirrorNode,
  edit: Extract<BlockEdit, { kind: 'patch' }>,
): Edited<Extract<BlockEditReport, { kind: 'patch' }>> {
  const node: unknown = edit.node;
  assertValidNode(node, { label: 'node', expectBlock: true });
  const located = resolveBlock(doc, edit.nodeId, 'nodeId');
  const oldId = located.node.attrs?.id;
  let candidate: ProseMirrorNode = node;
  if (
    BLOCK_ID_NODE_TYPES.has(candidate.type) &&
    !isBlockId(candidate.attrs?.id) &&
    isBlockId(oldId)
  ) {
    candidate = { ...candidate, attrs: { ...candidate.attrs, id: oldId } };
  }
  // The replaced subtree's ids are free again; any other id already on the page is not.
  const taken = new Set(collectBlockIds(doc));
  for (const id of collectBlockIds(located.node)) taken.delete(id);
  const replacement = assignBlockIds(candidate, taken);
  const updated = spliceAtPath(doc, located.path, [replacement]);
  assertValidContainer(updated, located.path.slice(0, -1), 'the replacement');
  const id = replacement.attrs?.id;
  return {
    updated,
    report: {
      kind: 'patch',
      nodeId: typeof id === 'string' ? id : null,
      type: replacement.type,
      replacedText: extractText(located.node),
    },
  };
}

/** Inserts one block before/after an anchor block, or at the end of the page. */
function insert(
  doc: ProseMirrorNode,
  edit: Extract<BlockEdit, { kind: 'insert' }>,
): Edited<Extract<BlockEditReport, { kind: 'insert' }>> {
  const node: unknown = edit.node;
  assertValidNode(node, { label: 'node', expectBlock: true });
  let insertedPath: NodePath;
  if (edit.position === 'append') {
    if (REQUIRED_PARENT_TYPES[node.type] !== undefined) {
      throw new ToolError(
        'invalid_input',
        `${withArticle(node.type)} cannot stand at the top level of a page; insert it before/after a block inside the ${REQUIRED_PARENT_TYPES[node.type]!.join('/')} it belongs to`,
      );
    }
    insertedPath = [doc.content?.length ?? 0];
  } else {
    const anchor = resolveBlock(doc, edit.anchorNodeId!, 'anchorNodeId');
    const sibling = siblingPath(doc, anchor.path, node.type);
    const index =
      sibling[sibling.length - 1]! + (edit.position === 'after' ? 1 : 0);
    insertedPath = [...sibling.slice(0, -1), index];
  }
  const inserted = assignBlockIds(node, new Set(collectBlockIds(doc)));
  const updated = insertAtPath(doc, insertedPath, [inserted]);
  assertValidContainer(updated, insertedPath.slice(0, -1), 'the new node');
  const id = inserted.attrs?.id;
  return {
    updated,
    report: {
      kind: 'insert',
      nodeId: typeof id === 'string' ? id : null,
      type: inserted.type,
      outlineIndex: insertedPath.length === 1 ? insertedPath[0]! : null,
    },
  };
}

/** Removes one block with its content; refuses to leave a container the editor cannot hold. */
function remove(
  doc: ProseMirrorNode,
  edit: Extract<BlockEdit, { kind: 'delete' }>,
): Edited<Extract<BlockEditReport, { kind: 'delete' }>> {
  const located = resolveBlock(doc, edit.nodeId, 'nodeId');
  const updated = spliceAtPath(doc, located.path, []);
  assertValidContainer(
    updated,
    located.path.slice(0, -1),
    `deleting ${edit.nodeId}`,
  );
  return {
    updated,
    report: {
      kind: 'delete',
      deleted: { type: located.node.type, text: extractText(located.node) },
    },
  };
}

/**
 * Where a node anchored at `anchorPath` goes. A node that only lives in certain containers (a
 * listItem, a tableRow) climbs from the anchor to the nearest ancestor it can be a sibling of.
 */
function siblingPath(
  doc: ProseMirrorNode,
  anchorPath: NodePath,
  type: string,
): NodePath {
  const parents = REQUIRED_PARENT_TYPES[type];
  if (parents === undefined) return anchorPath;
  for (let path = anchorPath; path.length > 0; path = path.slice(0, -1)) {
    if (parents.includes(nodeAtPath(doc, path.slice(0, -1))?.type ?? 'doc'))
      return path;
  }
  throw new ToolError(
    'invalid_input',
    `${withArticle(type)} can only be inserted into ${parents.join(' or ')}, and the anchor is not inside one; anchor on a block inside the ${parents.join('/')} you mean`,
  );
}

function withArticle(type: string): string {
  return `${/^[aeiou]/i.test(type) ? 'an' : 'a'} ${type}`;
}
