import { abbreviate } from '../../registry/abbreviate';
import { ToolError } from '../../registry/tool-error';
import {
  ALLOWED_CHILD_TYPES,
  DOCMOST_MARK_TYPES,
  DOCMOST_NODE_TYPES,
  FIRST_CHILD_TYPE,
  LEAF_NODE_TYPES,
  MARK_TYPE_SET,
  NODE_TYPE_SET,
  NON_EMPTY_TYPES,
  REQUIRED_PARENT_TYPES,
  TEXT_BLOCK_TYPES,
  isInlineType,
} from './node-schema';
import {
  MARK_ATTRIBUTES,
  NODE_ATTRIBUTES,
  URL_ATTRIBUTE_NAMES,
} from './node-attributes';
import type { ProseMirrorNode } from './prosemirror-node';
import { COLOR_ATTRIBUTE_NAMES, findColorProblem } from './color-policy';
import { findUrlProblem } from './url-policy';

export interface NodeIssue {
  /** Where, from the checked node: `doc.content[2].marks[0]`. */
  readonly path: string;
  readonly message: string;
  /**
   * Set when the issue is an unknown node or mark type (so the message can list valid ones) or
   * an attribute the type does not declare.
   */
  readonly unknown?: 'node' | 'mark' | 'attribute';
}

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

type Json = Readonly<Record<string, unknown>>;

/** "a table", "an image": messages name node types as the model wrote them. */
function withArticle(type: string): string {
  return `${/^[aeiou]/i.test(type) ? 'an' : 'a'} ${type}`;
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

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

/** The fields of a ProseMirror node and mark as JSON; the editor drops anything else on load. */
const NODE_KEYS: readonly string[] = [
  'type',
  'attrs',
  'content',
  'text',
  'marks',
];
const MARK_KEYS: readonly string[] = ['type', 'attrs'];

/** Refuses fields beyond a node's (or mark's) own, which would be stored but never shown or checked. */
function checkKeys(
  value: Json,
  allowed: readonly string[],
  what: string,
  path: string,
  issues: NodeIssue[],
): void {
  for (const key of Object.keys(value)) {
    if (!allowed.includes(key)) {
      issues.push({
        path,
        message: `${what} has a field "${abbreviate(key, 40)}"; a ${allowed === NODE_KEYS ? 'node' : 'mark'} has only ${allowed.join(', ')} (attributes go in attrs)`,
        unknown: 'attribute',
      });
    }
  }
}

/**
 * Checks a node's or mark's attributes against what its type declares: every name must be
 * declared (`node-attributes.ts`), and every URL attribute must pass the one URL allow-list.
 */
function checkDeclaredAttributes(
  kind: 'node' | 'mark',
  type: string,
  attrs: Json,
  path: string,
  issues: NodeIssue[],
): void {
  const table: Readonly<Record<string, readonly string[]>> =
    kind === 'node' ? NODE_ATTRIBUTES : MARK_ATTRIBUTES;
  const declared = table[type] ?? [];
  for (const name of Object.keys(attrs)) {
    if (!declared.includes(name)) {
      const allowed =
        type === 'htmlEmbed'
          ? 'raw HTML embeds cannot be written by a tool, as they would run script for readers; leave existing ones in place by editing other blocks with patchNode, insertNode or deleteNode'
          : declared.length > 0
            ? `its attributes are ${declared.join(', ')}`
            : `it takes no attributes`;
      issues.push({
        path: `${path}.attrs`,
        message: `${withArticle(type)} ${kind} has no attribute "${abbreviate(name, 40)}" (${allowed})`,
        unknown: 'attribute',
      });
    } else if (URL_ATTRIBUTE_NAMES.has(name)) {
      const problem = findUrlProblem(attrs[name], {
        nodeType: type,
        attribute: name,
      });
      if (problem !== undefined)
        issues.push({ path: `${path}.attrs.${name}`, message: problem });
    } else if (COLOR_ATTRIBUTE_NAMES.has(name)) {
      const problem = findColorProblem(attrs[name], {
        nodeType: type,
        attribute: name,
      });
      if (problem !== undefined)
        issues.push({ path: `${path}.attrs.${name}`, message: problem });
    }
  }
}

function checkAttributes(
  type: string,
  attrs: unknown,
  path: string,
  issues: NodeIssue[],
): void {
  if (!isObject(attrs)) return;
  checkDeclaredAttributes('node', type, attrs, path, issues);
  if (type === 'heading' && attrs.level !== undefined) {
    const level = attrs.level;
    if (
      typeof level !== 'number' ||
      !Number.isInteger(level) ||
      level < 1 ||
      level > 6
    ) {
      issues.push({
        path: `${path}.attrs.level`,
        message: 'heading level must be an integer from 1 to 6',
      });
    }
  }
}

function checkMarks(node: Json, path: string, issues: NodeIssue[]): void {
  if (node.marks === undefined) return;
  if (!Array.isArray(node.marks)) {
    issues.push({ path: `${path}.marks`, message: 'marks must be an array' });
    return;
  }
  if (!isInlineType(node.type as string) && node.marks.length > 0) {
    issues.push({
      path: `${path}.marks`,
      message: `marks apply to text and inline nodes, not to ${withArticle(String(node.type))}`,
    });
    return;
  }
  (node.marks as readonly unknown[]).forEach((mark, index) => {
    const markPath = `${path}.marks[${index}]`;
    if (!isObject(mark) || typeof mark.type !== 'string') {
      issues.push({
        path: markPath,
        message: 'not a mark: expected an object with a string "type"',
      });
    } else if (!MARK_TYPE_SET.has(mark.type)) {
      issues.push({
        path: markPath,
        message: `unknown mark type "${abbreviate(mark.type, 40)}"`,
        unknown: 'mark',
      });
    } else if (
      mark.type === 'link' &&
      (!isObject(mark.attrs) || typeof mark.attrs.href !== 'string')
    ) {
      issues.push({
        path: markPath,
        message: 'a link mark needs attrs.href (a string URL)',
      });
    } else if (Object.keys(mark).some((key) => !MARK_KEYS.includes(key))) {
      checkKeys(
        mark,
        MARK_KEYS,
        `${withArticle(mark.type)} mark`,
        markPath,
        issues,
      );
    } else if (mark.attrs !== undefined && !isObject(mark.attrs)) {
      issues.push({
        path: `${markPath}.attrs`,
        message: 'attrs must be an object',
      });
    } else if (isObject(mark.attrs)) {
      checkDeclaredAttributes('mark', mark.type, mark.attrs, markPath, issues);
    }
  });
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
