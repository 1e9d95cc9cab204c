import { abbreviate } from '../../ground';
import { COLOR_ATTRIBUTE_NAMES, findColorProblem } from './color-policy';
import {
  MARK_ATTRIBUTES,
  NODE_ATTRIBUTES,
  URL_ATTRIBUTE_NAMES,
} from './node-attributes';
import { MARK_TYPE_SET, isInlineType } from './node-schema';
import { findUrlProblem } from './url-policy';
import type { NodeIssue } from './node-issue';

/*
 * The fields of one node or mark, for validate-node's walk of a document: only the keys
 * ProseMirror JSON has, only the attributes the type declares (URLs and colours through their
 * policies), a heading's level, and marks where marks may go.
 */

export type Json = Readonly<Record<string, unknown>>;

/** "a table", "an image": messages name node types as the model wrote them. */
export function withArticle(type: string): string {
  return `${/^[aeiou]/i.test(type) ? 'an' : 'a'} ${type}`;
}

export function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The fields of a ProseMirror node and mark as JSON; the editor drops anything else on load. */
export const NODE_KEYS: readonly string[] = [
  'type',
  'attrs',
  'content',
  'text',
  'marks',
];
const MARK_KEYS: readonly string[] = ['type', 'attrs'];

/** Refuses fields beyond a node's (or mark's) own, which would be stored but never shown or checked. */
export function checkKeys(
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

export function checkAttributes(
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

export function checkMarks(
  node: Json,
  path: string,
  issues: NodeIssue[],
): void {
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
