import { Inject } from '@nestjs/common';

/**
 * Nest injection token of the app's `ToolRegistry` (bound tools with their executors and
 * interceptors). The chat builds one AI SDK tool set per turn from it.
 */
export const TOOL_REGISTRY = Symbol('TOOL_REGISTRY');

export const InjectToolRegistry = (): ParameterDecorator =>
  Inject(TOOL_REGISTRY);
