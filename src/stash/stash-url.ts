import { STASH_ROUTE_PATH } from './page-stash.controller';

/** The host's global route prefix, Docmost's and the reference host's alike. */
const API_PREFIX = 'api';

/** `https://docs.example.com/api/ai-tools/stash/<key>` for a stash key. */
export function stashUrl(publicBaseUrl: string, key: string): string {
  return `${publicBaseUrl.replace(/\/+$/, '')}/${API_PREFIX}/${STASH_ROUTE_PATH}/${key}`;
}
