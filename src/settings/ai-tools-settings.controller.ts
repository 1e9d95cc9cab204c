import { Body, Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import { z } from 'zod';
import { AiToolsAuthGuard, Caller, type AiToolsCaller } from '../caller';
import {
  AiToolsSettingsService,
  type AiToolsSettings,
} from './ai-tools-settings.service';
import { describeReceived, parseRequestBody } from './request-body';

const updateBodySchema = z.strictObject(
  {
    deferredTools: z.boolean({
      error: (issue) =>
        `expected a boolean (true or false), got ${describeReceived(issue.input)}`,
    }),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `unknown field(s) ${issue.keys.map((key) => `"${key}"`).join(', ')}`
        : `got ${describeReceived(issue.input)}`,
  },
);

/** Workspace AI settings of this module, under Docmost's `POST` + `@HttpCode(200)` convention. */
@Controller('ai-tools/settings')
@UseGuards(AiToolsAuthGuard)
export class AiToolsSettingsController {
  constructor(private readonly settings: AiToolsSettingsService) {}

  /** `{ deferredTools }` of the caller's workspace; any workspace member. */
  @Post('info')
  @HttpCode(200)
  info(@Caller() user: AiToolsCaller): Promise<AiToolsSettings> {
    return this.settings.getSettings(user);
  }

  /** `{ deferredTools: boolean }` -> the stored value; owners and admins only. */
  @Post('update')
  @HttpCode(200)
  update(
    @Caller() user: AiToolsCaller,
    @Body() body: unknown,
  ): Promise<AiToolsSettings> {
    // Permission first: a member learns nothing about the expected body.
    this.settings.assertMayUpdate(user);
    const update = parseRequestBody(
      updateBodySchema,
      body,
      '{ "deferredTools": true | false }',
    );
    return this.settings.updateSettings(user, update);
  }
}
