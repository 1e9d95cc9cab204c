import { abbreviate, ToolError } from '../../ground';
import type { NodeIssue } from './node-issue';
import {
  ALLOWED_CHILD_TYPES,
  DOCMOST_MARK_TYPES,
  DOCMOST_NODE_TYPES,
  FIRST_CHILD_TYPE,
  LEAF_NODE_TYPES,
  NODE_TYPE_SET,
  NON_EMPTY_TYPES,
  REQUIRED_PARENT_TYPES,
  TEXT_BLOCK_TYPES,
  isInlineType,
} from './node-schema';
import type { ProseMirrorNode } from './prosemirror-node';
import {
  NODE_KEYS,
  checkAttributes,
  checkKeys,
  checkMarks,
  isObject,
  withArticle,
} from './node-fields';

export interface ValidateNodeOptions {
  /** Name of the checked value in paths and messages. Default `node`. */
  readonly label?: string;
  /** Require the root to be a block (not text or an inline atom). Default false. */
  readonly expectBlock?: boolean;
}

/** Beyond this nesting depth a document is refused rather than walked (no editor nests so deep). */
const MAX_DEPTH = 64;
/** Issues listed in an error message; the rest are counted. */
const LISTED_ISSUES = 8;

/**
 * Checks a ProseMirror JSON node against the types and the structural rules of Docmost's editor
 * (known node and mark types, inline vs block placement, the children tables and lists accept,
 * containers that cannot be empty). Returns every issue found; an empty list means valid.
 */
export function findNodeIssues(
  node: unknown,
  options: ValidateNodeOptions = {},
): NodeIssue[] {
  const label = options.label ?? 'node';
  const issues: NodeIssue[] = [];
  if (
    options.expectBlock &&
    isObject(node) &&
    typeof node.type === 'string' &&
    isInlineType(node.type)
  ) {
    issues.push({
      path: label,
      message: `"${node.type}" is inline content; a block (paragraph, heading, table, list, ...) is expected here`,
    });
  }
  if (options.expectBlock && isObject(node) && node.type === 'doc') {
    issues.push({
      path: label,
      message:
        'a "doc" is a whole document; give one block here (updatePageJson replaces a whole page)',
    });
  }
  checkNode(node, label, 0, true, issues);
  return issues;
}

function checkNode(
  node: unknown,
  path: string,
  depth: number,
  isRoot: boolean,
  issues: NodeIssue[],
): void {
  if (depth > MAX_DEPTH) {
    issues.push({ path, message: `nesting deeper than ${MAX_DEPTH} levels` });
    return;
  }
  if (!isObject(node) || typeof node.type !== 'string' || node.type === '') {
    issues.push({
      path,
      message: 'not a node: expected an object with a string "type"',
    });
    return;
  }
  const type = node.type;
  if (!NODE_TYPE_SET.has(type)) {
    issues.push({
      path,
      message: `unknown node type "${abbreviate(type, 40)}"`,
      unknown: 'node',
    });
    return;
  }
  if (type === 'doc' && !isRoot)
    issues.push({ path, message: '"doc" can only be the root node' });
  checkKeys(node, NODE_KEYS, withArticle(type), path, issues);
  if (node.attrs !== undefined && !isObject(node.attrs))
    issues.push({ path: `${path}.attrs`, message: 'attrs must be an object' });
  checkAttributes(type, node.attrs, path, issues);

  if (type === 'text') {
    if (typeof node.text !== 'string' || node.text === '') {
      issues.push({
        path,
        message:
          'a text node needs a non-empty "text" string (leave empty blocks without content instead)',
      });
    }
    if (node.content !== undefined)
      issues.push({ path, message: 'a text node cannot have content' });
  } else if (node.text !== undefined) {
    issues.push({
      path,
      message: `only "text" nodes carry "text"; ${withArticle(type)} holds its text in content`,
    });
  }
  checkMarks(node, path, issues);

  if (node.content === undefined) {
    if (NON_EMPTY_TYPES.has(type))
      issues.push({
        path,
        message: `${withArticle(type)} needs at least one child`,
      });
    return;
  }
  if (!Array.isArray(node.content)) {
    issues.push({
      path: `${path}.content`,
      message: 'content must be an array of nodes',
    });
    return;
  }
  const children = node.content as readonly unknown[];
  if (LEAF_NODE_TYPES.has(type) && children.length > 0) {
    issues.push({ path, message: `${withArticle(type)} cannot have content` });
    return;
  }
  if (children.length === 0 && NON_EMPTY_TYPES.has(type))
    issues.push({
      path,
      message: `${withArticle(type)} needs at least one child`,
    });
  const firstChildType = FIRST_CHILD_TYPE[type];
  const first = children[0];
  if (
    firstChildType !== undefined &&
    isObject(first) &&
    first.type !== firstChildType
  ) {
    issues.push({
      path: `${path}.content[0]`,
      message: `${withArticle(type)} must start with ${withArticle(firstChildType)}`,
    });
  }
  children.forEach((child, index) => {
    const childPath = `${path}.content[${index}]`;
    checkPlacement(type, child, childPath, issues);
    checkNode(child, childPath, depth + 1, false, issues);
  });
}

/**
 * Checks one container level only: its children's placement, and that it is not left empty or
 * without its required first child. For edits that put a validated node into a stored document
 * (whose other parts are not re-validated: they are the editor's own output).
 */
export function findContainerIssues(
  parent: ProseMirrorNode,
  label: string,
): NodeIssue[] {
  const issues: NodeIssue[] = [];
  const children = parent.content ?? [];
  if (children.length === 0 && NON_EMPTY_TYPES.has(parent.type))
    issues.push({
      path: label,
      message: `${withArticle(parent.type)} needs at least one child`,
    });
  const firstChildType = FIRST_CHILD_TYPE[parent.type];
  if (
    firstChildType !== undefined &&
    children[0] !== undefined &&
    children[0].type !== firstChildType
  ) {
    issues.push({
      path: `${label}.content[0]`,
      message: `${withArticle(parent.type)} must start with ${withArticle(firstChildType)}`,
    });
  }
  children.forEach((child, index) =>
    checkPlacement(parent.type, child, `${label}.content[${index}]`, issues),
  );
  return issues;
}

function checkPlacement(
  parentType: string,
  child: unknown,
  path: string,
  issues: NodeIssue[],
): void {
  if (
    !isObject(child) ||
    typeof child.type !== 'string' ||
    !NODE_TYPE_SET.has(child.type)
  )
    return;
  const requiredParents = REQUIRED_PARENT_TYPES[child.type];
  if (requiredParents !== undefined && !requiredParents.includes(parentType)) {
    issues.push({
      path,
      message: `${withArticle(child.type)} can only be inside ${requiredParents.join(' or ')}, not inside ${withArticle(parentType)}`,
    });
    return;
  }
  const allowed = ALLOWED_CHILD_TYPES[parentType];
  if (allowed !== undefined) {
    if (!allowed.includes(child.type)) {
      issues.push({
        path,
        message: `${withArticle(parentType)} can only contain ${allowed.join(' or ')}, not ${child.type}`,
      });
    }
    return;
  }
  const inline = isInlineType(child.type);
  if (TEXT_BLOCK_TYPES.has(parentType) && !inline) {
    issues.push({
      path,
      message: `${withArticle(parentType)} holds inline content (text, hardBreak, mention, ...), not ${withArticle(child.type)}`,
    });
  } else if (!TEXT_BLOCK_TYPES.has(parentType) && inline) {
    issues.push({
      path,
      message: `${child.type} is inline content and must be wrapped in a paragraph inside ${withArticle(parentType)}`,
    });
  }
}

/** One sentence for the model: the issues, then the valid type names when a type was unknown. */
export function describeNodeIssues(
  label: string,
  issues: readonly NodeIssue[],
): string {
  const listed = issues
    .slice(0, LISTED_ISSUES)
    .map((issue) => `${issue.message} at ${issue.path}`);
  const more =
    issues.length > LISTED_ISSUES
      ? `; and ${issues.length - LISTED_ISSUES} more`
      : '';
  let message = `${label} is not valid for Docmost's editor: ${listed.join('; ')}${more}.`;
  if (issues.some((issue) => issue.unknown === 'node'))
    message += ` Valid node types: ${DOCMOST_NODE_TYPES.join(', ')}.`;
  if (issues.some((issue) => issue.unknown === 'mark'))
    message += ` Valid mark types: ${DOCMOST_MARK_TYPES.join(', ')}.`;
  return message + ' Nothing was written.';
}

/** Throws `ToolError('invalid_input')` naming every problem (and the valid types) unless valid. */
export function assertValidNode(
  node: unknown,
  options: ValidateNodeOptions = {},
): asserts node is ProseMirrorNode {
  const issues = findNodeIssues(node, options);
  if (issues.length > 0) {
    throw new ToolError(
      'invalid_input',
      describeNodeIssues(options.label ?? 'node', issues),
      {
        issues: issues.map((issue) => ({
          path: issue.path,
          message: issue.message,
        })),
      },
    );
  }
}
