import { blockFingerprint, extractText, asDocument } from '../../src/document';
import { Y } from '../../src/collaboration/yjs';
import { seededTools } from '../support/seeded-tools';
import { WRITING_CASES } from '../page-store/writing-cases';
import {
  eventually,
  startLivePageHost,
  type LivePageHost,
} from './support/live-page-host';

/** Tools that write a whole document the model gave (not one derived from the page as read). */
const WHOLE_DOCUMENT_TOOLS = new Set([
  'updatePageJson',
  'updatePageContent',
  'importPageMarkdown',
  'copyPageContent',
  'restorePageVersion',
]);

/**
 * Every tool that writes page content or titles, on a page a human has open and has just added a
 * paragraph to (not yet stored): the tool's change reaches the editor, the human's paragraph
 * survives (unless the tool replaces the whole document by design), and once stored the
 * database holds exactly what the editor holds.
 */
describe('live pages: every writing tool on an open page', () => {
  let host: LivePageHost;

  beforeEach(async () => {
    host = await startLivePageHost({
      debounceMs: 60_000,
      maxDebounceMs: 120_000,
    });
  });

  afterEach(async () => {
    await host.close();
  });

  it.each(WRITING_CASES.map((entry) => [entry.tool, entry] as const))(
    '%s',
    async (_tool, entry) => {
      const editor = await host.openEditor(entry.pageId);
      const typed = new Y.XmlElement('paragraph');
      typed.setAttribute('id', 'typedbyhuman');
      typed.insert(0, [new Y.XmlText('Typed by a human, not yet stored.')]);
      editor.fragment.insert(editor.fragment.length, [typed]);
      await editor.settled();
      const tools = seededTools(host.database.db);
      const input = await entry.input({
        tools: {
          ...tools,
          call: (name, input, caller) =>
            host.call(name, input, caller as never),
        },
        db: host.database.db,
      });
      await host.call(entry.tool, input);
      const live = await host.call('getPageJson', { pageId: entry.pageId });
      await eventually(
        () =>
          blockFingerprint(editor.document()) ===
          blockFingerprint(live.content),
        2000,
        "the tool's change in the editor",
      );
      if (!WHOLE_DOCUMENT_TOOLS.has(entry.tool))
        expect(extractText(editor.document())).toContain(
          'Typed by a human, not yet stored.',
        );
      await host.collaboration.flush();
      await eventually(async () => {
        const row = await host.database.db
          .selectFrom('pages')
          .select('content')
          .where('id', '=', entry.pageId)
          .executeTakeFirstOrThrow();
        return (
          blockFingerprint(asDocument(row.content)) ===
          blockFingerprint(editor.document())
        );
      });
    },
  );
});
