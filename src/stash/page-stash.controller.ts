import {
  Controller,
  Get,
  GoneException,
  NotFoundException,
  Param,
  Res,
  UseGuards,
} from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import {
  AiToolsAuthGuard,
  PublicRoute,
  SkipResponseTransform,
} from '../caller';
import { PageStashService } from './page-stash.service';
import { contentDisposition } from './stash-format';

/** Path of the download route under the host's `api` prefix: `GET /api/ai-tools/stash/<key>`. */
export const STASH_ROUTE_PATH = 'ai-tools/stash';

/**
 * The anonymous download of a stash. The key in the URL is the only credential (256 random
 * bits, stored hashed), so the route is public: the consumer a model hands the URL to has no
 * Docmost session. It is a GET, unlike Docmost's POST API, because fetchers only GET a URL.
 */
@Controller(STASH_ROUTE_PATH)
@UseGuards(AiToolsAuthGuard)
export class PageStashController {
  constructor(private readonly stashes: PageStashService) {}

  @PublicRoute()
  // Markdown or JSON text as it is: Docmost's response interceptor must not wrap it.
  @SkipResponseTransform()
  @Get(':key')
  async download(
    @Param('key') key: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const stash = await this.stashes.open(key);
    if (stash.status === 'missing') {
      throw new NotFoundException({
        statusCode: 404,
        error: 'Not Found',
        message:
          'No stash at this URL: the link is wrong, or it expired and was removed. Ask for a new link (stashPage).',
      });
    }
    if (stash.status === 'expired') {
      throw new GoneException({
        statusCode: 410,
        error: 'Gone',
        message: `This stash link expired at ${stash.expiredAt.toISOString()}. Ask for a new link (stashPage).`,
      });
    }
    void reply
      .header('content-type', stash.contentType)
      .header('content-disposition', contentDisposition(stash.fileName))
      // A snapshot behind a bearer URL: no shared cache may keep it past its expiry, and a page
      // linking out must not leak the URL through Referer.
      .header('cache-control', 'private, no-store')
      .header('referrer-policy', 'no-referrer')
      .header('x-content-type-options', 'nosniff');
    return stash.body;
  }
}
