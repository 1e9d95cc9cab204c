import MarkdownIt from 'markdown-it';
import { docmostBlockMarkers } from './block-markers';
import { docmostInlineRules } from './inline-rules';

/**
 * The markdown-it instance of the dialect: CommonMark with GFM tables and strikethrough, raw
 * HTML off (only the known inline shapes of inline-html.ts are read; everything else stays
 * literal text), no linkify or typographic replacements (they would change the text), and link
 * targets kept exactly as written: markdown-it's default percent-encoding would turn
 * `/files/ä.png` into `/files/%C3%A4.png` and break the round trip.
 */
export function createMarkdownParser(): MarkdownIt {
  const md = new MarkdownIt('default', {
    html: false,
    linkify: false,
    typographer: false,
  });
  md.normalizeLink = (url) => url;
  md.normalizeLinkText = (url) => url;
  md.use(docmostBlockMarkers);
  md.use(docmostInlineRules);
  return md;
}
