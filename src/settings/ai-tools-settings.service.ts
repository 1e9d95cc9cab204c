import {
  ForbiddenException,
  Injectable,
  NotFoundException,
} from '@nestjs/common';
import type { UserRole } from '../database';
import { AiToolsSettingsRepository } from './ai-tools-settings.repository';

/** The AI settings of a workspace that this module owns. */
export interface AiToolsSettings {
  readonly deferredTools: boolean;
}

/** Who asks: the workspace and role of the authenticated caller. */
export interface AiToolsSettingsCaller {
  readonly workspaceId: string;
  readonly role: UserRole;
}

const ROLES_ALLOWED_TO_UPDATE: readonly UserRole[] = ['owner', 'admin'];

@Injectable()
export class AiToolsSettingsService {
  constructor(private readonly repository: AiToolsSettingsRepository) {}

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

  /** Owners and admins only: the toggle changes the agent of every user in the workspace. */
  async updateSettings(
    caller: AiToolsSettingsCaller,
    update: AiToolsSettings,
  ): Promise<AiToolsSettings> {
    this.assertMayUpdate(caller);
    const deferredTools = await this.repository.setDeferredTools(
      caller.workspaceId,
      update.deferredTools,
    );
    if (deferredTools === undefined)
      throw new NotFoundException('Workspace not found');
    return { deferredTools };
  }

  assertMayUpdate(caller: AiToolsSettingsCaller): void {
    if (!ROLES_ALLOWED_TO_UPDATE.includes(caller.role)) {
      throw new ForbiddenException(
        `Only workspace owners and admins can change AI settings; your role is "${caller.role}"`,
      );
    }
  }
}
