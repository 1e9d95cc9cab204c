import type * as Yjs from 'yjs' with { 'resolution-mode': 'import' };

/**
 * Yjs, loaded through `require` as the host's collaboration server loads it: one Yjs instance
 * in the process, so the types the package creates are the server's own (Yjs recognises its
 * types by class). Yjs is an ES module package whose CommonJS build has no typings of its own;
 * the types come from its ES module typings.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports
export const Y: typeof Yjs = require('yjs');

export type YDoc = Yjs.Doc;
export type YXmlElement = Yjs.XmlElement;
export type YXmlText = Yjs.XmlText;
export type YXmlFragment = Yjs.XmlFragment;
export type YAbstractType = Yjs.AbstractType<any>;
