import { ForbiddenException, NotFoundException } from '@nestjs/common';
import type { Kysely } from 'kysely';
import {
  requirePage,
  ToolError,
  type DB,
  type DocmostServices,
} from '../../src';
import { hostCaller } from './host-caller';
import type { HostPage, HostUser } from './host-repos';

/**
 * The reference host's `PageAccessService`, with Docmost's method shapes and rules: space
 * membership and page-level restrictions (the package's `requirePage`), and commenting for
 * whoever may edit, or view where the space allows viewer comments. Throws Nest's
 * `ForbiddenException`, as Docmost's does.
 */
export class HostPageAccessService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly database: () => DocmostServices,
  ) {}

  async validateCanEdit(page: HostPage, user: HostUser): Promise<void> {
    await this.check(page, user, true);
  }

  async validateCanView(page: HostPage, user: HostUser): Promise<void> {
    await this.check(page, user, false);
  }

  async validateCanComment(
    page: HostPage,
    user: HostUser,
    workspaceId: string,
  ): Promise<void> {
    const allowed = await this.database().commentAccess.canComment(
      hostCaller(user, workspaceId, undefined),
      page.id,
    );
    if (!allowed) throw new ForbiddenException();
  }

  private async check(
    page: HostPage,
    user: HostUser,
    write: boolean,
  ): Promise<void> {
    try {
      await requirePage(
        this.db,
        { userId: user.id, workspaceId: user.workspaceId },
        page.id,
        { write, content: false },
      );
    } catch (error) {
      if (ToolError.isToolError(error) && error.code === 'not_found')
        throw new NotFoundException('Page not found');
      if (ToolError.isToolError(error) && error.code === 'forbidden')
        throw new ForbiddenException();
      throw error;
    }
  }
}
