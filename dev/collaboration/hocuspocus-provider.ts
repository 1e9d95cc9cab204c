import type * as HocuspocusProviderModule from '@hocuspocus/provider' with {
  'resolution-mode': 'import',
};

// eslint-disable-next-line @typescript-eslint/no-require-imports
const provider: typeof HocuspocusProviderModule = require('@hocuspocus/provider');

/** `@hocuspocus/provider`, required (its CommonJS build has no typings of its own). */
export const HocuspocusProvider = provider.HocuspocusProvider;
export type HocuspocusProvider = HocuspocusProviderModule.HocuspocusProvider;
export const HocuspocusProviderWebsocket = provider.HocuspocusProviderWebsocket;
