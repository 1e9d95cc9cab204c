import type { ReactNode } from 'react';
import type { SidebarPage, SidebarSpace } from '../web-api';

function PageList({
  pages,
  parentId,
  openPageId,
}: {
  readonly pages: readonly SidebarPage[];
  readonly parentId: string | null;
  readonly openPageId: string | undefined;
}): ReactNode {
  // A page whose parent the person may not see is shown at the top of its space.
  const known = new Set(pages.map((page) => page.id));
  const children = pages.filter((page) =>
    parentId === null
      ? page.parentPageId === null || !known.has(page.parentPageId)
      : page.parentPageId === parentId,
  );
  if (children.length === 0) return null;
  return (
    <ul className="page-list">
      {children.map((page) => (
        <li key={page.id}>
          <a
            href={`#/page/${page.id}`}
            className={page.id === openPageId ? 'open' : undefined}
          >
            {page.title || 'Untitled'}
          </a>
          <PageList pages={pages} parentId={page.id} openPageId={openPageId} />
        </li>
      ))}
    </ul>
  );
}

/** The spaces the person belongs to and the page tree of each, as far as they may see it. */
export function Sidebar(props: {
  readonly spaces: readonly SidebarSpace[];
  readonly openPageId: string | undefined;
}) {
  return (
    <nav className="sidebar" aria-label="Pages">
      {props.spaces.map((space) => (
        <div key={space.id} className="space">
          <h2>
            {space.name} <span className="hint">{space.role}</span>
          </h2>
          <PageList
            pages={space.pages}
            parentId={null}
            openPageId={props.openPageId}
          />
        </div>
      ))}
    </nav>
  );
}
