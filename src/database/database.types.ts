import type { ColumnType, Insertable, Selectable, Updateable } from 'kysely';

/**
 * Kysely table types for the tables of Docmost's schema this module touches, column for column
 * as Docmost's own migrations create them (`apps/server/src/database/migrations` in Docmost's
 * repository).
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
  T extends ColumnType<infer S, infer I, infer U>
    ? ColumnType<S, I | undefined, U>
    : ColumnType<T, T | undefined, T>;

export type Timestamp = ColumnType<Date, Date | string, Date | string>;
export type Json = ColumnType<
  JsonValue,
  JsonValue | string,
  JsonValue | string
>;
export type JsonValue =
  string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

export type UserRole = 'owner' | 'admin' | 'member';
export type SpaceRole = 'admin' | 'writer' | 'reader';

export interface Workspaces {
  id: Generated<string>;
  name: string | null;
  description: string | null;
  logo: string | null;
  hostname: string | null;
  customDomain: string | null;
  settings: Json | null;
  defaultRole: Generated<string>;
  emailDomains: Generated<string[] | null>;
  defaultSpaceId: string | null;
  createdAt: Generated<Timestamp>;
  updatedAt: Generated<Timestamp>;
  deletedAt: Timestamp | null;
  stripeCustomerId: string | null;
  status: string | null;
  plan: string | null;
  billingEmail: string | null;
  trialEndAt: Timestamp | null;
  enforceSso: Generated<boolean>;
  licenseKey: string | null;
  enforceMfa: Generated<boolean | null>;
  auditRetentionDays: number | null;
  trashRetentionDays: number | null;
  isScimEnabled: Generated<boolean>;
}

export interface Users {
  id: Generated<string>;
  name: string | null;
  email: string;
  emailVerifiedAt: Timestamp | null;
  password: string | null;
  avatarUrl: string | null;
  role: string | null;
  invitedById: string | null;
  workspaceId: string | null;
  locale: string | null;
  timezone: string | null;
  settings: Json | null;
  lastActiveAt: Timestamp | null;
  lastLoginAt: Timestamp | null;
  deactivatedAt: Timestamp | null;
  createdAt: Generated<Timestamp>;
  updatedAt: Generated<Timestamp>;
  deletedAt: Timestamp | null;
  hasGeneratedPassword: Generated<boolean>;
  scimExternalId: string | null;
  isAgent: Generated<boolean>;
}

export interface Groups {
  id: Generated<string>;
  name: string;
  description: string | null;
  isDefault: boolean;
  workspaceId: string;
  creatorId: string | null;
  createdAt: Generated<Timestamp>;
  updatedAt: Generated<Timestamp>;
  deletedAt: Timestamp | null;
  scimExternalId: string | null;
  isExternal: Generated<boolean>;
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
  settings: Json | null;
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

/** Who made a change, as Docmost's fork records it (varchar(20)). */
export type ChangeSource = 'user' | 'agent';

export interface Pages {
  id: Generated<string>;
  slugId: string;
  title: string | null;
  icon: string | null;
  coverPhoto: string | null;
  position: string | null;
  content: Json | null;
  ydoc: Buffer | null;
  textContent: string | null;
  /** Kept by Docmost's `pages_tsvector_update` trigger; never written by the module. */
  tsv: Generated<string | null>;
  parentPageId: string | null;
  creatorId: string | null;
  lastUpdatedById: string | null;
  deletedById: string | null;
  spaceId: string;
  workspaceId: string;
  isLocked: Generated<boolean>;
  createdAt: Generated<Timestamp>;
  updatedAt: Generated<Timestamp>;
  deletedAt: Timestamp | null;
  /** Everyone who edited the page (the human an agent acts for included). */
  contributorIds: Generated<string[] | null>;
  /** 'user', or 'agent' when the last change came from an agent. */
  lastUpdatedSource: Generated<string>;
  /** The chat whose agent made the last change, when there was one. */
  lastUpdatedAiChatId: string | null;
  isTemplate: Generated<boolean>;
}

export interface Comments {
  id: Generated<string>;
  content: Json | null;
  selection: string | null;
  /** Docmost writes 'page' for threads and replies alike. */
  type: string | null;
  creatorId: string | null;
  pageId: string;
  parentCommentId: string | null;
  workspaceId: string;
  resolvedAt: Timestamp | null;
  createdAt: Generated<Timestamp>;
  editedAt: Timestamp | null;
  deletedAt: Timestamp | null;
  lastEditedById: string | null;
  resolvedById: string | null;
  updatedAt: Generated<Timestamp>;
  spaceId: string;
  /** 'user' for humans; this module writes 'agent'. */
  createdSource: Generated<string>;
  /** Set when the comment was written from an in-app chat turn. */
  aiChatId: string | null;
  /** 'user' or 'agent': who resolved the thread. */
  resolvedSource: string | null;
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
  /** Docmost writes NULL; order history by createdAt, then id. */
  version: number | null;
  lastUpdatedById: string | null;
  spaceId: string;
  workspaceId: string;
  createdAt: Generated<Timestamp>;
  updatedAt: Generated<Timestamp>;
  contributorIds: Generated<string[] | null>;
  /** Copied from the page at save time; NULL on rows older than the column. */
  lastUpdatedSource: string | null;
  lastUpdatedAiChatId: string | null;
}

export interface Shares {
  id: Generated<string>;
  /** A lowercased nanoid; Docmost looks it up case-insensitively. */
  key: string;
  pageId: string | null;
  includeSubPages: Generated<boolean | null>;
  searchIndexing: Generated<boolean | null>;
  creatorId: string | null;
  spaceId: string;
  workspaceId: string;
  createdAt: Generated<Timestamp>;
  updatedAt: Generated<Timestamp>;
  deletedAt: Timestamp | null;
}

export interface AiChats {
  id: Generated<string>;
  workspaceId: string;
  creatorId: string;
  title: string | null;
  createdAt: Generated<Timestamp>;
  updatedAt: Generated<Timestamp>;
  deletedAt: Timestamp | null;
  roleId: string | null;
  /** The page the chat was opened from. */
  pageId: string | null;
}

export interface AiChatMessages {
  id: Generated<string>;
  chatId: string;
  workspaceId: string;
  /** The author; NULL for the assistant. */
  userId: string | null;
  role: string;
  /** The message's plain text. */
  content: string | null;
  /** The steps' tool calls and results. */
  toolCalls: Json | null;
  /** `{ parts: [...] }`: the AI SDK UI message parts. */
  metadata: Json | null;
  tsv: Generated<string | null>;
  createdAt: Generated<Timestamp>;
  updatedAt: Generated<Timestamp>;
  deletedAt: Timestamp | null;
  status: string | null;
}

/** A restricted page: one row per page whose access is limited to `page_permissions`. */
export interface PageAccess {
  id: Generated<string>;
  pageId: string;
  workspaceId: string;
  spaceId: string;
  accessLevel: string;
  creatorId: string | null;
  createdAt: Generated<Timestamp>;
  updatedAt: Generated<Timestamp>;
}

/** Who may use a restricted page: a user or a group, with role 'reader' or 'writer'. */
export interface PagePermissions {
  id: Generated<string>;
  pageAccessId: string;
  userId: string | null;
  groupId: string | null;
  role: string;
  addedById: string | null;
  createdAt: Generated<Timestamp>;
  updatedAt: Generated<Timestamp>;
}

export interface Attachments {
  id: Generated<string>;
  fileName: string;
  filePath: string;
  fileSize: number | null;
  fileExt: string;
  mimeType: string | null;
  type: string | null;
  creatorId: string;
  pageId: string | null;
  spaceId: string | null;
  workspaceId: string;
  createdAt: Generated<Timestamp>;
  updatedAt: Generated<Timestamp>;
  deletedAt: Timestamp | null;
  textContent: string | null;
  tsv: Generated<string | null>;
  aiChatId: string | null;
}

export interface Watchers {
  id: Generated<string>;
  userId: string;
  pageId: string | null;
  spaceId: string;
  workspaceId: string;
  type: string;
  addedById: string | null;
  mutedAt: Timestamp | null;
  createdAt: Generated<Timestamp>;
}

export interface Backlinks {
  id: Generated<string>;
  sourcePageId: string;
  targetPageId: string;
  workspaceId: string;
  createdAt: Generated<Timestamp>;
  updatedAt: Generated<Timestamp>;
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
  pageAccess: PageAccess;
  pagePermissions: PagePermissions;
  attachments: Attachments;
  watchers: Watchers;
  backlinks: Backlinks;
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
