import {
  Inject,
  Injectable,
  NotFoundException,
  Optional,
} from '@nestjs/common';
import { requireWorkspaceAdmin, type AiToolsCaller } from '../caller';
import { DOCMOST_SERVICES, type DocmostServices } from '../docmost-services';
import { AiToolsSettingsRepository } from './ai-tools-settings.repository';

/** The AI settings of a workspace that this module owns. */
export interface AiToolsSettings {
  readonly deferredTools: boolean;
}

/** Who asks: the authenticated caller, their workspace and role. */
export type AiToolsSettingsCaller = AiToolsCaller;

@Injectable()
export class AiToolsSettingsService {
  constructor(
    private readonly repository: AiToolsSettingsRepository,
    // Docmost's audit log, through the module's bindings; a host mounting the settings module
    // without AiToolsModule records nothing.
    @Optional()
    @Inject(DOCMOST_SERVICES)
    private readonly services: Pick<DocmostServices, 'audit'> | undefined,
  ) {}

  /** Whether the in-app chat of this workspace defers tools (default ON). */
  isDeferredToolsEnabled(workspaceId: string): Promise<boolean> {
    return this.repository.getDeferredTools(workspaceId);
  }

  /** Any member of the workspace may read. */
  async getSettings(caller: AiToolsSettingsCaller): Promise<AiToolsSettings> {
    return {
      deferredTools: await this.repository.getDeferredTools(caller.workspaceId),
    };
  }

  /**
   * Owners and admins only: the toggle changes the agent of every user in the workspace. A
   * change is recorded as Docmost's workspace update records one (`workspace.updated`, the
   * setting's value before and after, the admin as actor); a write that changes nothing records
   * nothing, as in Docmost.
   */
  async updateSettings(
    caller: AiToolsSettingsCaller,
    update: AiToolsSettings,
  ): Promise<AiToolsSettings> {
    this.assertMayUpdate(caller);
    const stored = await this.repository.setDeferredTools(
      caller.workspaceId,
      update.deferredTools,
    );
    if (stored === undefined)
      throw new NotFoundException('Workspace not found');
    if (stored.before !== stored.after)
      await this.services?.audit.record(
        {
          userId: caller.userId,
          workspaceId: caller.workspaceId,
          aiChatId: null,
          actor: 'user',
        },
        {
          event: 'workspace.updated',
          resourceType: 'workspace',
          resourceId: caller.workspaceId,
          changes: {
            before: { deferredTools: stored.before },
            after: { deferredTools: stored.after },
          },
        },
      );
    return { deferredTools: stored.after };
  }

  assertMayUpdate(caller: Pick<AiToolsSettingsCaller, 'role'>): void {
    requireWorkspaceAdmin(caller, 'change AI settings');
  }
}
