import type { ColumnType, Insertable, Selectable, Updateable } from 'kysely';

/**
 * Kysely table types for the subset of Docmost's schema this module touches.
 *
 * Property names are camelCase because Docmost runs Kysely with `CamelCasePlugin`;
 * the SQL columns are snake_case. Keeping the same convention means the module drops
 * into Docmost's server with its `KyselyDB` unchanged.
 */

/**
 * As kysely-codegen (and Docmost's db.d.ts) define it: unlike kysely's own `Generated`, it
 * unwraps a `ColumnType`, so `Generated<Timestamp>` selects a Date and updates from Date|string.
 */
export type Generated<T> =
  T extends ColumnType<infer S, infer I, infer U> ? ColumnType<S, I | undefined, U> : ColumnType<T, T | undefined, T>;

export type Timestamp = ColumnType<Date, Date | string, Date | string>;
export type Json = ColumnType<JsonValue, JsonValue | string, JsonValue | string>;
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

export type UserRole = 'owner' | 'admin' | 'member';
export type SpaceRole = 'admin' | 'writer' | 'reader';

export interface Workspaces {
  id: Generated<string>;
  name: string | null;
  description: string | null;
  hostname: string | null;
  logo: string | null;
  settings: Json | null;
  createdAt: Generated<Timestamp>;
  updatedAt: Generated<Timestamp>;
  deletedAt: Timestamp | null;
}

export interface Users {
  id: Generated<string>;
  name: string | null;
  email: string;
  role: string | null;
  workspaceId: string | null;
  avatarUrl: string | null;
  createdAt: Generated<Timestamp>;
  updatedAt: Generated<Timestamp>;
  deletedAt: Timestamp | null;
}

export interface Groups {
  id: Generated<string>;
  name: string;
  description: string | null;
  isDefault: Generated<boolean>;
  workspaceId: string;
  creatorId: string | null;
  createdAt: Generated<Timestamp>;
  updatedAt: Generated<Timestamp>;
  deletedAt: Timestamp | null;
}

export interface GroupUsers {
  id: Generated<string>;
  userId: string;
  groupId: string;
  createdAt: Generated<Timestamp>;
  updatedAt: Generated<Timestamp>;
}

export interface Spaces {
  id: Generated<string>;
  name: string | null;
  description: string | null;
  slug: string;
  logo: string | null;
  visibility: Generated<string>;
  defaultRole: Generated<string>;
  creatorId: string | null;
  workspaceId: string;
  createdAt: Generated<Timestamp>;
  updatedAt: Generated<Timestamp>;
  deletedAt: Timestamp | null;
}

export interface SpaceMembers {
  id: Generated<string>;
  userId: string | null;
  groupId: string | null;
  spaceId: string;
  role: string;
  addedById: string | null;
  createdAt: Generated<Timestamp>;
  updatedAt: Generated<Timestamp>;
  deletedAt: Timestamp | null;
}

export interface Pages {
  id: Generated<string>;
  slugId: string;
  title: string | null;
  icon: string | null;
  coverPhoto: string | null;
  position: string | null;
  content: Json | null;
  textContent: string | null;
  ydoc: Buffer | null;
  parentPageId: string | null;
  spaceId: string;
  workspaceId: string;
  creatorId: string | null;
  lastUpdatedById: string | null;
  deletedById: string | null;
  isLocked: Generated<boolean>;
  createdAt: Generated<Timestamp>;
  updatedAt: Generated<Timestamp>;
  deletedAt: Timestamp | null;
}

export interface Comments {
  id: Generated<string>;
  content: Json | null;
  selection: string | null;
  type: string | null;
  creatorId: string | null;
  pageId: string;
  parentCommentId: string | null;
  resolvedAt: Timestamp | null;
  resolvedById: string | null;
  lastEditedById: string | null;
  spaceId: string;
  workspaceId: string;
  createdAt: Generated<Timestamp>;
  updatedAt: Generated<Timestamp>;
  editedAt: Timestamp | null;
  deletedAt: Timestamp | null;
  /** 'user' for humans; this module writes 'agent'. */
  createdSource: Generated<string>;
  /** Set when the comment was written from an in-app chat turn. */
  aiChatId: string | null;
}

export interface PageHistory {
  id: Generated<string>;
  pageId: string;
  slugId: string | null;
  title: string | null;
  content: Json | null;
  slug: string | null;
  icon: string | null;
  coverPhoto: string | null;
  version: Generated<number>;
  lastUpdatedById: string | null;
  spaceId: string;
  workspaceId: string;
  createdAt: Generated<Timestamp>;
  updatedAt: Generated<Timestamp>;
}

export interface Shares {
  id: Generated<string>;
  key: string;
  pageId: string | null;
  includeSubPages: Generated<boolean>;
  searchIndexing: Generated<boolean>;
  creatorId: string | null;
  spaceId: string;
  workspaceId: string;
  createdAt: Generated<Timestamp>;
  updatedAt: Generated<Timestamp>;
  deletedAt: Timestamp | null;
}

export interface AiChats {
  id: Generated<string>;
  title: string | null;
  creatorId: string;
  workspaceId: string;
  createdAt: Generated<Timestamp>;
  updatedAt: Generated<Timestamp>;
  deletedAt: Timestamp | null;
}

export interface AiChatMessages {
  id: Generated<string>;
  chatId: string;
  role: string;
  /** The message in the AI SDK's UI message shape (parts). */
  content: Json | null;
  workspaceId: string;
  creatorId: string | null;
  createdAt: Generated<Timestamp>;
  updatedAt: Generated<Timestamp>;
  deletedAt: Timestamp | null;
}

/** Bearer tokens of the reference host (not a Docmost table): only the sha256 is stored. */
export interface ApiTokens {
  id: Generated<string>;
  userId: string;
  workspaceId: string;
  name: string;
  tokenHash: string;
  createdAt: Generated<Timestamp>;
  lastUsedAt: Timestamp | null;
  revokedAt: Timestamp | null;
}

export interface DB {
  workspaces: Workspaces;
  users: Users;
  groups: Groups;
  groupUsers: GroupUsers;
  spaces: Spaces;
  spaceMembers: SpaceMembers;
  pages: Pages;
  comments: Comments;
  pageHistory: PageHistory;
  shares: Shares;
  aiChats: AiChats;
  aiChatMessages: AiChatMessages;
  apiTokens: ApiTokens;
}

export type Workspace = Selectable<Workspaces>;
export type User = Selectable<Users>;
export type Space = Selectable<Spaces>;
export type Page = Selectable<Pages>;
export type InsertablePage = Insertable<Pages>;
export type UpdatablePage = Updateable<Pages>;
export type Comment = Selectable<Comments>;
export type InsertableComment = Insertable<Comments>;
export type PageHistoryRow = Selectable<PageHistory>;
export type Share = Selectable<Shares>;
