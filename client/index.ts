/**
 * `docmost-ai-tools/client`: the module's React parts for Docmost's client (React, Mantine,
 * react-query as the host has them). Never loaded by the server entry, and loads none of it.
 */
export * from './api/index.js';
export * from './i18n/index.js';
export * from './settings/index.js';
