/** One problem a node has for Docmost's editor (see `findNodeIssues`). */
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
