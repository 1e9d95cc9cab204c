/*
 * The shapes of the web app's API (`/api/web/*`), shared by the server (host/web) and the
 * browser app (host/web/app), which imports them as types only. No imports here: the browser's
 * type-check sees this file and nothing behind it.
 */

/** A person the sign-in picker offers. */
export interface SignInUser {
  readonly id: string;
  readonly name: string | null;
  readonly email: string;
  readonly role: string;
  readonly workspace: string;
  readonly workspaceId: string;
}

/** A page in the sidebar. */
export interface SidebarPage {
  readonly id: string;
  readonly title: string;
  readonly parentPageId: string | null;
}

/** A space the person belongs to, with every page of it they may see. */
export interface SidebarSpace {
  readonly id: string;
  readonly name: string;
  readonly role: string;
  readonly pages: readonly SidebarPage[];
}

/** A comment as the comment panel shows it. */
export interface PageComment {
  readonly id: string;
  readonly parentCommentId: string | null;
  readonly author: string;
  readonly text: string;
  readonly selection: string | null;
  /** `agent` for the agent's comments (Docmost's `created_source`), `user` otherwise. */
  readonly source: string;
  readonly resolved: boolean;
  readonly createdAt: string;
}
