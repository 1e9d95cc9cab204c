import {
  type ProseMirrorNode,
  documentToMarkdown,
  exportDocumentMarkdown,
  markdownToDocument,
} from '../../src';
import { DEMO_PAGE_HISTORY } from './demo-page-history';
import { DEMO_PAGES } from './seed-demo-workspace';
import { SEED_IDS } from './seed-ids';

/**
 * The seeded workspace through the package's Markdown: every page and history version the demo
 * and the integration specs rely on reads back exactly, with no JSON block, so exportPageMarkdown
 * and importPageMarkdown on a seeded page show plain Markdown. The package's own specs test the
 * dialect with their own fixtures; these live with the seed they check.
 */

function roundTrip(doc: ProseMirrorNode): ProseMirrorNode {
  return markdownToDocument(exportDocumentMarkdown(doc).markdown);
}

describe('the seeded pages as Markdown', () => {
  it.each(DEMO_PAGES.map((page) => [page.title, page.content] as const))(
    'gives back the seeded page "%s" exactly, in plain Markdown',
    (_title, content) => {
      expect(roundTrip(content)).toEqual(content);
      expect(exportDocumentMarkdown(content).jsonBlocks).toBe(0);
    },
  );

  it('gives back every seeded history version exactly', () => {
    for (const version of DEMO_PAGE_HISTORY)
      expect(roundTrip(version.content)).toEqual(version.content);
  });

  it('writes the roadmap as readable Markdown with block ids and comment anchors', () => {
    const roadmap = DEMO_PAGES.find(
      (page) => page.id === SEED_IDS.pages.roadmap,
    )!;
    expect(documentToMarkdown(roadmap.content)).toBe(
      [
        '# Roadmap 2025 {#dxpaxwjimliy}',
        '',
        'Themes for the year: **reliability**, **collaboration** and **self-serve onboarding**. {#kwsldgwxjaxn}',
        '',
        '## Q3 {#hgazsmjfdval}',
        '',
        `Enterprise customers asked for <span data-comment-id="${SEED_IDS.comments.roadmapSso}" data-resolved="false">single sign-on with SAML</span> before their renewals in October. {#slbixqgkzfws}`,
        '',
        '1. SAML single sign-on {#edgnftkxfcxt}',
        '2. Audit log export {#zezevzbblpqu}',
        '3. Granular space permissions {#mtghjuszdcsr}',
        '',
        '## Q4 {#kiszaldoxdmz}',
        '',
        `The <span data-comment-id="${SEED_IDS.comments.roadmapMobile}" data-resolved="true">mobile editor</span> moves to Q4 so the team can finish offline sync first. {#oupibcbervkp}`,
        '',
        '- Offline sync {#ajgajsgjlzdq}',
        '- Mobile editor beta {#jblrajfyrliz}',
        '',
      ].join('\n'),
    );
  });
});
