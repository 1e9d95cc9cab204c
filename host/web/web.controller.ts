import {
  Body,
  Controller,
  ForbiddenException,
  Get,
  HttpCode,
  NotFoundException,
  Param,
  Post,
  Req,
} from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  editorSchemaDescription,
  findUnstorableText,
  isUuid,
  parseRequestBody,
  type EditorSchemaDescription,
} from '../../src';
import type { AuthenticatedUser } from '../auth/authenticated-user';
import { CurrentUser } from '../auth/current-user.decorator';
import { Public } from '../auth/public.decorator';
import { isLocalRequest } from './loopback';
import type { PageComment, SidebarSpace, SignInUser } from './web-api';
import { WebRepository } from './web.repository';
import { MAX_COMMENT_CHARS, WebService } from './web.service';

const commentBody = z.strictObject({
  text: z
    .string()
    .trim()
    .min(1)
    .max(MAX_COMMENT_CHARS)
    .refine((text) => findUnstorableText(text) === undefined, {
      message:
        'must not contain U+0000 (NUL) or an unpaired surrogate, which Docmost cannot store',
    }),
  parentCommentId: z.uuid().optional(),
});
const COMMENT_EXPECTED = `{ "text": "<1 to ${MAX_COMMENT_CHARS} characters>", "parentCommentId"?: "<uuid of a thread>" }`;

function requireUuid(value: string, name: string): string {
  if (isUuid(value)) return value;
  // `value` is typed `never` here (isUuid narrows): it is the text the request sent.
  throw new NotFoundException(
    `${name} ${String(value).slice(0, 40)} not found`,
  );
}

/**
 * The reference host's web app API (`/api/web/*`): sign-in, the sidebar, comments, and the
 * editor schema. The chat (`/api/ai/chat`), the AI settings (`/api/ai-tools/settings/*`) and the
 * collaboration server (`/collab`) are the host's own routes, used as they are.
 */
@Controller('web')
export class WebController {
  constructor(
    private readonly web: WebService,
    private readonly repository: WebRepository,
  ) {}

  /**
   * The sign-in picker signs anyone in as anyone, without a password: a convenience for the
   * reference host on a developer's machine, so it answers only requests from this machine
   * that no proxy forwarded.
   */
  private requireLoopback(request: FastifyRequest): void {
    if (!isLocalRequest(request))
      throw new ForbiddenException(
        'the sign-in picker answers only on this machine (localhost); elsewhere sign in with a token from `npm run seed`',
      );
  }

  @Public()
  @Get('sign-in/users')
  signInUsers(@Req() request: FastifyRequest): Promise<SignInUser[]> {
    this.requireLoopback(request);
    return this.repository.signInUsers();
  }

  @Public()
  @Post('sign-in/:userId')
  @HttpCode(200)
  async signIn(
    @Req() request: FastifyRequest,
    @Param('userId') userId: string,
  ): Promise<{ token: string }> {
    this.requireLoopback(request);
    const token = await this.repository.issueToken(requireUuid(userId, 'user'));
    if (token === undefined)
      throw new NotFoundException(`user ${userId} not found or not active`);
    return { token };
  }

  @Public()
  @Get('editor-schema')
  editorSchema(): EditorSchemaDescription {
    return editorSchemaDescription();
  }

  @Get('pages')
  async pages(
    @CurrentUser() user: AuthenticatedUser,
  ): Promise<{ spaces: SidebarSpace[] }> {
    return { spaces: await this.web.sidebar(user) };
  }

  @Get('pages/:pageId/comments')
  async comments(
    @CurrentUser() user: AuthenticatedUser,
    @Param('pageId') pageId: string,
  ): Promise<{ comments: PageComment[] }> {
    return {
      comments: await this.web.comments(user, requireUuid(pageId, 'page')),
    };
  }

  @Post('pages/:pageId/comments')
  addComment(
    @CurrentUser() user: AuthenticatedUser,
    @Param('pageId') pageId: string,
    @Body() body: unknown,
  ): Promise<PageComment> {
    const comment = parseRequestBody(commentBody, body, COMMENT_EXPECTED);
    return this.web.addComment(user, requireUuid(pageId, 'page'), comment);
  }
}
