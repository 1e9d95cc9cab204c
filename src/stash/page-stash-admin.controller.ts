import {
  BadRequestException,
  Body,
  Controller,
  HttpCode,
  NotFoundException,
  Post,
  UseGuards,
} from '@nestjs/common';
import { z } from 'zod';
import {
  AiToolsAuthGuard,
  Caller,
  requireWorkspaceAdmin,
  type AiToolsCaller,
} from '../caller';
import { describeReceived, parseRequestBody } from '../settings';
import { STASH_ROUTE_PATH } from './page-stash.controller';
import { PageStashService, type PageStashList } from './page-stash.service';
import { InvalidStashListCursorError } from './stash-list-cursor';

/** Most links one page of the list holds. */
const MAX_LIST_LIMIT = 100;
const DEFAULT_LIST_LIMIT = 50;

const unknownFields = (issue: { code: string; keys?: string[] }) =>
  issue.code === 'unrecognized_keys'
    ? `unknown field(s) ${(issue.keys ?? []).map((key) => `"${key}"`).join(', ')}`
    : undefined;

const listBodySchema = z
  .strictObject(
    {
      limit: z
        .number({
          error: (issue) =>
            `expected a whole number from 1 to ${MAX_LIST_LIMIT}, got ${describeReceived(issue.input)}`,
        })
        .int({ error: `expected a whole number from 1 to ${MAX_LIST_LIMIT}` })
        .min(1, {
          error: `expected a whole number from 1 to ${MAX_LIST_LIMIT}`,
        })
        .max(MAX_LIST_LIMIT, {
          error: `expected a whole number from 1 to ${MAX_LIST_LIMIT}`,
        })
        .default(DEFAULT_LIST_LIMIT),
      cursor: z
        .string({
          error: (issue) =>
            `expected meta.nextCursor of the previous page, got ${describeReceived(issue.input)}`,
        })
        .optional(),
    },
    {
      error: (issue) =>
        unknownFields(issue) ?? `got ${describeReceived(issue.input)}`,
    },
  )
  .default({ limit: DEFAULT_LIST_LIMIT });

const revokeBodySchema = z.strictObject(
  {
    stashId: z.uuid({
      error: (issue) =>
        `expected the id of a stash link (a UUID, "id" in the list), got ${describeReceived(issue.input)}`,
    }),
  },
  {
    error: (issue) =>
      unknownFields(issue) ?? `got ${describeReceived(issue.input)}`,
  },
);

/**
 * The workspace admins' view of stash links, under Docmost's `POST` + `@HttpCode(200)`
 * convention beside the public download (`GET /api/ai-tools/stash/<key>`): every unexpired link
 * of the workspace (never its key or its content), and its revocation. Docmost's shares do not
 * fit a stash link (one share per page, a live view of it, no expiry), so the links keep their
 * own table and routes; their creation and revocation are Docmost's share audit events.
 */
@Controller(STASH_ROUTE_PATH)
@UseGuards(AiToolsAuthGuard)
export class PageStashAdminController {
  constructor(private readonly stashes: PageStashService) {}

  /** `{ limit?, cursor? }` -> `{ items, meta: { limit, hasNextPage, nextCursor } }`; owners and admins only. */
  @Post('list')
  @HttpCode(200)
  async list(
    @Caller() caller: AiToolsCaller,
    @Body() body: unknown,
  ): Promise<PageStashList> {
    // Permission first: a member learns nothing about the expected body.
    requireWorkspaceAdmin(caller, 'list stash links');
    const page = parseRequestBody(
      listBodySchema,
      body,
      '{ "limit"?: 1-100, "cursor"?: string }',
    );
    try {
      return await this.stashes.list(caller.workspaceId, page);
    } catch (error) {
      if (error instanceof InvalidStashListCursorError)
        throw new BadRequestException({
          statusCode: 400,
          error: 'Bad Request',
          message: error.message,
          field: 'cursor',
        });
      throw error;
    }
  }

  /** `{ stashId }` -> `{ stashId, revoked: true }`: the link answers 404 from now on; owners and admins only. */
  @Post('revoke')
  @HttpCode(200)
  async revoke(
    @Caller() caller: AiToolsCaller,
    @Body() body: unknown,
  ): Promise<{ readonly stashId: string; readonly revoked: true }> {
    requireWorkspaceAdmin(caller, 'revoke stash links');
    const { stashId } = parseRequestBody(
      revokeBodySchema,
      body,
      '{ "stashId": "<uuid>" }',
    );
    if (!(await this.stashes.revoke(caller, stashId)))
      throw new NotFoundException({
        statusCode: 404,
        error: 'Not Found',
        message: `No unexpired stash link ${stashId} in this workspace: it expired, was revoked, or the id is wrong. List the links with POST /api/ai-tools/stash/list.`,
      });
    return { stashId, revoked: true };
  }
}
