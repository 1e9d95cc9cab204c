/**
 * A Yjs relative position as Docmost's `CreateCommentDto.yjsSelection` takes it (its
 * `yjsSelectionSchema`: every field present; `item` null at the end of a type).
 */
export interface YjsRelativePosition {
  readonly type: { readonly client: number; readonly clock: number };
  readonly tname: string | null;
  readonly item: { readonly client: number; readonly clock: number } | null;
  readonly assoc: number;
}

/** A new thread's anchor in the page's Yjs document: its start (`anchor`) and end (`head`). */
export interface YjsSelection {
  readonly anchor: YjsRelativePosition;
  readonly head: YjsRelativePosition;
}
