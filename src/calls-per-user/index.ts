export { createCallsPerUserLimit } from './calls-per-user-limit';
export {
  CALLS_PER_USER_DEFAULTS,
  resolveCallsPerUserLimits,
  type CallsPerUserLimits,
  type CallsPerUserOptions,
} from './calls-per-user-options';
export type { CallsPerUserRedis } from './calls-per-user-redis';
