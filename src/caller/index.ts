export type { AiToolsCaller } from './ai-tools-caller';
export { resolveCaller } from './resolve-caller';
export { Caller } from './caller.decorator';
export { IS_PUBLIC_KEY, PublicRoute } from './public-route.decorator';
