import type { DocmostServices } from '../../src';
import { hostCaller } from './host-caller';
import type { HostPage } from './host-repos';

/**
 * The reference host's `ShareService`, with Docmost's method shapes: a page has one share
 * (creating it again returns it), and `isSharingAllowed` is Docmost's rule on the workspace's
 * and the space's `settings.sharing.disabled`. Docmost's share service emits nothing besides.
 */
export class HostShareService {
  constructor(private readonly database: () => DocmostServices) {}

  async createShare(opts: {
    authUserId: string;
    workspaceId: string;
    page: HostPage;
    createShareDto: {
      pageId: string;
      includeSubPages?: boolean;
      searchIndexing?: boolean;
    };
  }): Promise<{ id: string }> {
    return this.database().shares.create({
      caller: hostCaller(
        { id: opts.authUserId, workspaceId: opts.workspaceId, role: null },
        opts.workspaceId,
        undefined,
      ),
      pageId: opts.page.id,
      includeSubPages: opts.createShareDto.includeSubPages ?? false,
      searchIndexing: opts.createShareDto.searchIndexing ?? false,
    });
  }

  async updateShare(
    shareId: string,
    updateShareDto: {
      shareId: string;
      includeSubPages?: boolean;
      searchIndexing?: boolean;
    },
  ): Promise<void> {
    // Docmost's updateShare sets both options; the callers here always give both.
    await this.database().shares.update({
      caller: {
        userId: '',
        workspaceId: '',
        aiChatId: null,
        call: { userId: '', workspaceId: '', surface: 'chat', sessionId: '' },
      },
      shareId,
      includeSubPages: updateShareDto.includeSubPages ?? false,
      searchIndexing: updateShareDto.searchIndexing ?? false,
    });
  }

  isSharingAllowed(workspaceId: string, spaceId: string): Promise<boolean> {
    return this.database().sharing.isSharingAllowed(workspaceId, spaceId);
  }
}
