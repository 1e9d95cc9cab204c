import type { ProseMirrorNode } from '../../src';
import { LEADERSHIP_PAGES } from './demo-leadership-pages';
import { PRODUCT_PAGES } from './demo-product-pages';
import type { DemoPageVersion } from './demo-types';
import {
  doc,
  heading,
  italic,
  listItem,
  orderedList,
  paragraph,
} from './prosemirror-builders';
import { SEED_IDS, SEED_NODE_IDS as N } from './seed-ids';

const P = SEED_IDS.pages;
const U = SEED_IDS.users;
const H = SEED_IDS.pageHistory;

function currentContent(pageId: string): ProseMirrorNode {
  const page = [...PRODUCT_PAGES, ...LEADERSHIP_PAGES].find(
    (candidate) => candidate.id === pageId,
  );
  if (!page) throw new Error(`demo page ${pageId} is not defined`);
  return page.content;
}

/**
 * Older snapshots of two pages, oldest first. Block ids persist across versions (the editor
 * keeps them), so a diff between versions can line blocks up by id. The newest version of
 * each page equals its current content, as Docmost's history does after the last save.
 */
export const DEMO_PAGE_HISTORY: readonly DemoPageVersion[] = [
  {
    id: H.releaseNotesV1,
    pageId: P.releaseNotes,
    version: 1,
    title: 'Release Notes 2.4',
    lastUpdatedById: U.admin,
    createdAt: '2025-05-20T09:45:00.000Z',
    content: doc(
      heading(1, 'brawppsrsoqt', 'Release Notes 2.4'),
      heading(2, 'lbsbhesfmngm', 'Highlights'),
      paragraph(
        N.releaseNotesTypoParagraph,
        'Workspace admins now recieve a weekly digest.',
      ),
    ),
  },
  {
    id: H.releaseNotesV2,
    pageId: P.releaseNotes,
    version: 2,
    title: 'Release Notes 2.4 (draft)',
    lastUpdatedById: U.admin,
    createdAt: '2025-05-27T15:00:00.000Z',
    content: doc(
      heading(1, 'brawppsrsoqt', 'Release Notes 2.4'),
      paragraph('gklxdrwledju', italic('Draft: not yet published.')),
      heading(2, 'lbsbhesfmngm', 'Highlights'),
      paragraph(
        N.releaseNotesTypoParagraph,
        'Workspace admins now recieve a weekly digest, and comments can be moved to a seperate thread.',
      ),
      heading(2, 'upucsdvcplbp', 'Upgrade notes'),
      orderedList(
        listItem(paragraph('xihtlnpnzagf', 'Back up your database.')),
        listItem(paragraph('fryxizvxrzqr', 'Run the migrations.')),
      ),
    ),
  },
  {
    id: H.releaseNotesV3,
    pageId: P.releaseNotes,
    version: 3,
    title: 'Release Notes 2.4 (draft)',
    lastUpdatedById: U.admin,
    createdAt: '2025-06-02T16:10:00.000Z',
    content: currentContent(P.releaseNotes),
  },
  {
    id: H.strategyV1,
    pageId: P.strategy,
    version: 1,
    title: 'Strategy 2026',
    lastUpdatedById: U.owner,
    createdAt: '2025-04-01T09:30:00.000Z',
    content: doc(
      heading(1, 'tjdtpqchnkfi', 'Strategy 2026'),
      paragraph(
        'ujvcpfyaphzm',
        'Our goal for 2026 is to grow revenue by 40% with the team we have.',
      ),
      heading(2, 'crtcsrempdyn', 'Pricing'),
      paragraph(
        N.strategyPricingParagraph,
        'We will raise the Team plan to $9 per seat in March.',
      ),
      heading(2, 'iaohacuisiuv', 'Headcount'),
      paragraph(
        N.strategyHeadcountParagraph,
        'Hiring stays focused on two senior engineers and one designer in the first half.',
      ),
    ),
  },
  {
    id: H.strategyV2,
    pageId: P.strategy,
    version: 2,
    title: 'Strategy 2026',
    lastUpdatedById: U.owner,
    createdAt: '2025-05-28T18:30:00.000Z',
    content: currentContent(P.strategy),
  },
];
