import { ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import type { UserRole } from '../database';
import { AiSettingsRepository } from './ai-settings.repository';

/** The AI settings of a workspace that this module owns. */
export interface AiToolsSettings {
  readonly deferredTools: boolean;
}

/** Who asks: the workspace and role of the authenticated caller. */
export interface AiSettingsCaller {
  readonly workspaceId: string;
  readonly role: UserRole;
}

const ROLES_ALLOWED_TO_UPDATE: readonly UserRole[] = ['owner', 'admin'];

@Injectable()
export class AiSettingsService {
  constructor(private readonly repository: AiSettingsRepository) {}

  /** Whether the in-app chat of this workspace defers tools (default ON). */
  isDeferredToolsEnabled(workspaceId: string): Promise<boolean> {
    return this.repository.getDeferredTools(workspaceId);
  }

  /** Any member of the workspace may read. */
  async getSettings(caller: AiSettingsCaller): Promise<AiToolsSettings> {
    return { deferredTools: await this.repository.getDeferredTools(caller.workspaceId) };
  }

  /** Owners and admins only: the toggle changes the agent of every user in the workspace. */
  async updateSettings(caller: AiSettingsCaller, update: AiToolsSettings): Promise<AiToolsSettings> {
    this.assertMayUpdate(caller);
    const deferredTools = await this.repository.setDeferredTools(caller.workspaceId, update.deferredTools);
    if (deferredTools === undefined) throw new NotFoundException('Workspace not found');
    return { deferredTools };
  }

  assertMayUpdate(caller: AiSettingsCaller): void {
    if (!ROLES_ALLOWED_TO_UPDATE.includes(caller.role)) {
      throw new ForbiddenException(`Only workspace owners and admins can change AI settings; your role is "${caller.role}"`);
    }
  }
}
