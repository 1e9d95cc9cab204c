import { Module } from '@nestjs/common';
import type { Kysely } from 'kysely';
import type { DB } from '../database';
import { KYSELY } from '../database';
import { PageStashController } from './page-stash.controller';
import { PageStashRepository } from './page-stash.repository';
import { PageStashService } from './page-stash.service';

/**
 * The public download route of page stashes (`GET /api/ai-tools/stash/<key>`). Needs the
 * host's `KYSELY` provider and the `module` migration set (`ai_tools_page_stashes`). The
 * stashPage tool creates stashes through its own `PageStashService` over the same table, so
 * any server instance serves any stash.
 */
@Module({
  controllers: [PageStashController],
  providers: [
    {
      provide: PageStashRepository,
      useFactory: (db: Kysely<DB>) => new PageStashRepository(db),
      inject: [KYSELY],
    },
    {
      provide: PageStashService,
      useFactory: (repository: PageStashRepository) =>
        new PageStashService(repository),
      inject: [PageStashRepository],
    },
  ],
  exports: [PageStashService],
})
export class PageStashModule {}
