import { Module } from '@nestjs/common';
import { PageStashAdminController } from './page-stash-admin.controller';
import { PageStashController } from './page-stash.controller';

/**
 * The routes of page stashes: the public download (`GET /api/ai-tools/stash/<key>`) and the
 * admins' list and revocation (`POST /api/ai-tools/stash/list`, `.../revoke`). They use the
 * `PageStashService` that `AiToolsModule` provides, the one the stashPage tool creates stashes
 * with, under the host's bound rules (sharing, page access, audit); the stashes are rows of
 * `ai_tools_page_stashes`, so any server instance serves any stash.
 */
@Module({
  controllers: [PageStashController, PageStashAdminController],
})
export class PageStashModule {}
