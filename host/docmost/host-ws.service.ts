import type { DocmostEffects } from './docmost-effects';

/**
 * Docmost's `WsService.emitCommentEvent`, as the reference host records it: the event to the
 * page's room (in Docmost, the space's room, restricted to who may see the page).
 */
export class HostWsService {
  constructor(private readonly effects: DocmostEffects) {}

  emitCommentEvent(
    spaceId: string,
    pageId: string,
    data: { readonly operation: string; readonly commentId: string },
  ): void {
    this.effects.record({
      kind: 'ws',
      name: data.operation,
      pageId,
      spaceId,
      subjectId: data.commentId,
    });
  }
}
