export type { AiToolsCaller } from './ai-tools-caller';
export { resolveCaller } from './resolve-caller';
export { Caller } from './caller.decorator';
export { IS_PUBLIC_KEY, PublicRoute } from './public-route.decorator';
export { AiToolsAuthGuard, AI_TOOLS_AUTH_GUARD } from './ai-tools-auth.guard';
export {
  SKIP_TRANSFORM_KEY,
  SkipResponseTransform,
} from './skip-response-transform.decorator';
export { requireWorkspaceAdmin } from './require-workspace-admin';
