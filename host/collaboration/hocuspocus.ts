import type * as HocuspocusServer from '@hocuspocus/server' with {
  'resolution-mode': 'import',
};

/**
 * `@hocuspocus/server`, required as Docmost's CommonJS server loads it. The package is an ES
 * module package whose CommonJS build has no typings of its own; the types come from its ES
 * module typings.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const hocuspocus: typeof HocuspocusServer = require('@hocuspocus/server');

export const Hocuspocus = hocuspocus.Hocuspocus;
export type Hocuspocus = HocuspocusServer.Hocuspocus;
export type Extension = HocuspocusServer.Extension;
export type HocuspocusConfiguration = HocuspocusServer.Configuration;
