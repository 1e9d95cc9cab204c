export {
  documentToMarkdown,
  exportDocumentMarkdown,
  type MarkdownExport,
} from './document-to-markdown';
export { markdownToDocument } from './markdown-to-document';
export { MarkdownSyntaxError } from './markdown-syntax-error';
export { JSON_BLOCK_LANGUAGE } from './json-block';
