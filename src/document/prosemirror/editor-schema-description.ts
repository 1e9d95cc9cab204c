import { MARK_ATTRIBUTES, NODE_ATTRIBUTES } from './node-attributes';
import {
  ALLOWED_CHILD_TYPES,
  DOCMOST_MARK_TYPES,
  DOCMOST_NODE_TYPES,
  FIRST_CHILD_TYPE,
  INLINE_NODE_TYPES,
  LEAF_NODE_TYPES,
  NON_EMPTY_TYPES,
  TEXT_BLOCK_TYPES,
} from './node-schema';

/** One node type of Docmost's editor, as an editor needs it to build a schema. */
export interface EditorNodeDescription {
  readonly name: string;
  /** Lives inside text blocks (text, mention, hardBreak, …). */
  readonly inline: boolean;
  /** Holds inline content (paragraph, heading, codeBlock, detailsSummary). */
  readonly textBlock: boolean;
  /** Never has children. */
  readonly leaf: boolean;
  /** The only child types allowed, when restricted (a table holds rows); absent: any block. */
  readonly children?: readonly string[];
  /** Cannot be empty (its content needs one child). */
  readonly nonEmpty: boolean;
  /** A required first child type (a list item starts with a paragraph). */
  readonly firstChild?: string;
  /** The attributes it declares; ProseMirror drops any other. */
  readonly attributes: readonly string[];
}

export interface EditorMarkDescription {
  readonly name: string;
  readonly attributes: readonly string[];
}

/** Docmost's editor schema as data: what the module validates every write against. */
export interface EditorSchemaDescription {
  readonly nodes: readonly EditorNodeDescription[];
  readonly marks: readonly EditorMarkDescription[];
}

/**
 * The node and mark types of Docmost's editor with their attributes and nesting rules, as
 * plain JSON. An editor that opens pages through the collaboration server must declare every
 * one of them: a collaborative binding removes from the shared document what its schema cannot
 * hold, and an attribute it does not declare (a block id) is dropped at the next edit.
 */
export function editorSchemaDescription(): EditorSchemaDescription {
  return {
    nodes: DOCMOST_NODE_TYPES.map((name) => ({
      name,
      inline: INLINE_NODE_TYPES.has(name),
      textBlock: TEXT_BLOCK_TYPES.has(name),
      leaf: LEAF_NODE_TYPES.has(name),
      ...(ALLOWED_CHILD_TYPES[name] && {
        children: ALLOWED_CHILD_TYPES[name],
      }),
      nonEmpty: NON_EMPTY_TYPES.has(name),
      ...(FIRST_CHILD_TYPE[name] && { firstChild: FIRST_CHILD_TYPE[name] }),
      attributes: NODE_ATTRIBUTES[name],
    })),
    marks: DOCMOST_MARK_TYPES.map((name) => ({
      name,
      attributes: MARK_ATTRIBUTES[name],
    })),
  };
}
