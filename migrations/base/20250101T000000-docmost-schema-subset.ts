import { type Kysely, sql } from 'kysely';

/**
 * The subset of Docmost's schema that a standalone install of this module needs.
 *
 * On a database that already has Docmost's tables this migration must change nothing:
 * every table is created only when absent, and only the tables created here are marked
 * (a table comment) so that `down` never drops a table that Docmost owns.
 */

const MARKER = 'docmost-ai-tools:base';

const TABLES: ReadonlyArray<readonly [name: string, ddl: string]> = [
  [
    'workspaces',
    `create table workspaces (
      id uuid primary key default gen_random_uuid(),
      name varchar,
      description text,
      hostname varchar,
      logo varchar,
      settings jsonb,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      deleted_at timestamptz
    )`,
  ],
  [
    'users',
    `create table users (
      id uuid primary key default gen_random_uuid(),
      name varchar,
      email varchar not null,
      role varchar,
      workspace_id uuid references workspaces(id) on delete cascade,
      avatar_url varchar,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      deleted_at timestamptz,
      unique (email, workspace_id)
    )`,
  ],
  [
    'groups',
    `create table groups (
      id uuid primary key default gen_random_uuid(),
      name varchar not null,
      description text,
      is_default boolean not null default false,
      workspace_id uuid not null references workspaces(id) on delete cascade,
      creator_id uuid references users(id) on delete set null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      deleted_at timestamptz,
      unique (name, workspace_id)
    )`,
  ],
  [
    'group_users',
    `create table group_users (
      id uuid primary key default gen_random_uuid(),
      user_id uuid not null references users(id) on delete cascade,
      group_id uuid not null references groups(id) on delete cascade,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      unique (user_id, group_id)
    )`,
  ],
  [
    'spaces',
    `create table spaces (
      id uuid primary key default gen_random_uuid(),
      name varchar,
      description text,
      slug varchar not null,
      logo varchar,
      visibility varchar not null default 'private',
      default_role varchar not null default 'writer',
      creator_id uuid references users(id) on delete set null,
      workspace_id uuid not null references workspaces(id) on delete cascade,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      deleted_at timestamptz,
      unique (slug, workspace_id)
    )`,
  ],
  [
    'space_members',
    `create table space_members (
      id uuid primary key default gen_random_uuid(),
      user_id uuid references users(id) on delete cascade,
      group_id uuid references groups(id) on delete cascade,
      space_id uuid not null references spaces(id) on delete cascade,
      role varchar not null,
      added_by_id uuid references users(id),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      deleted_at timestamptz,
      unique (space_id, user_id),
      unique (space_id, group_id),
      check ((user_id is not null and group_id is null) or (user_id is null and group_id is not null))
    )`,
  ],
  [
    'pages',
    `create table pages (
      id uuid primary key default gen_random_uuid(),
      slug_id varchar not null unique,
      title varchar,
      icon varchar,
      cover_photo varchar,
      position varchar collate "C",
      content jsonb,
      text_content text,
      tsv tsvector,
      ydoc bytea,
      parent_page_id uuid references pages(id) on delete cascade,
      space_id uuid not null references spaces(id) on delete cascade,
      workspace_id uuid not null references workspaces(id) on delete cascade,
      creator_id uuid references users(id),
      last_updated_by_id uuid references users(id),
      deleted_by_id uuid references users(id),
      is_locked boolean not null default false,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      deleted_at timestamptz
    )`,
  ],
  [
    'comments',
    `create table comments (
      id uuid primary key default gen_random_uuid(),
      content jsonb,
      selection varchar,
      type varchar,
      creator_id uuid references users(id) on delete set null,
      page_id uuid not null references pages(id) on delete cascade,
      parent_comment_id uuid references comments(id) on delete cascade,
      resolved_at timestamptz,
      resolved_by_id uuid references users(id) on delete set null,
      last_edited_by_id uuid references users(id) on delete set null,
      space_id uuid not null references spaces(id) on delete cascade,
      workspace_id uuid not null references workspaces(id) on delete cascade,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      edited_at timestamptz,
      deleted_at timestamptz,
      created_source varchar not null default 'user',
      ai_chat_id uuid
    )`,
  ],
  [
    'page_history',
    `create table page_history (
      id uuid primary key default gen_random_uuid(),
      page_id uuid not null references pages(id) on delete cascade,
      slug_id varchar,
      title varchar,
      content jsonb,
      slug varchar,
      icon varchar,
      cover_photo varchar,
      version integer not null default 1,
      last_updated_by_id uuid references users(id),
      space_id uuid not null references spaces(id) on delete cascade,
      workspace_id uuid not null references workspaces(id) on delete cascade,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`,
  ],
  [
    'shares',
    `create table shares (
      id uuid primary key default gen_random_uuid(),
      key varchar not null unique,
      page_id uuid references pages(id) on delete cascade,
      include_sub_pages boolean not null default false,
      search_indexing boolean not null default false,
      creator_id uuid references users(id) on delete set null,
      space_id uuid not null references spaces(id) on delete cascade,
      workspace_id uuid not null references workspaces(id) on delete cascade,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      deleted_at timestamptz
    )`,
  ],
  [
    'ai_chats',
    `create table ai_chats (
      id uuid primary key default gen_random_uuid(),
      title varchar,
      creator_id uuid not null references users(id) on delete cascade,
      workspace_id uuid not null references workspaces(id) on delete cascade,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      deleted_at timestamptz
    )`,
  ],
  [
    'ai_chat_messages',
    `create table ai_chat_messages (
      id uuid primary key default gen_random_uuid(),
      chat_id uuid not null references ai_chats(id) on delete cascade,
      role varchar not null,
      content jsonb,
      workspace_id uuid not null references workspaces(id) on delete cascade,
      creator_id uuid references users(id) on delete set null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      deleted_at timestamptz
    )`,
  ],
];

/** Docmost's own indexes on these tables, created only alongside a table created here. */
const INDEXES: Readonly<Record<string, readonly string[]>> = {
  pages: ['create index idx_pages_space_id on pages (space_id)', 'create index idx_pages_parent_page_id on pages (parent_page_id)'],
  comments: ['create index idx_comments_page_id on comments (page_id)'],
  page_history: ['create index idx_page_history_page_id on page_history (page_id)'],
  ai_chat_messages: ['create index idx_ai_chat_messages_chat_id on ai_chat_messages (chat_id, created_at)'],
};

async function tableExists(db: Kysely<any>, name: string): Promise<boolean> {
  const { rows } = await sql<{ exists: boolean }>`select to_regclass(${'public.' + name}) is not null as exists`.execute(db);
  return rows[0]?.exists === true;
}

export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, ddl] of TABLES) {
    if (await tableExists(db, name)) continue;
    await sql.raw(ddl).execute(db);
    for (const index of INDEXES[name] ?? []) await sql.raw(index).execute(db);
    await sql.raw(`comment on table ${name} is '${MARKER}'`).execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [name] of [...TABLES].reverse()) {
    const { rows } = await sql<{ comment: string | null }>`
      select obj_description(to_regclass(${'public.' + name}), 'pg_class') as comment`.execute(db);
    // Only drop what `up` created: on a Docmost database these tables are Docmost's.
    if (rows[0]?.comment === MARKER) await sql.raw(`drop table ${name}`).execute(db);
  }
}
