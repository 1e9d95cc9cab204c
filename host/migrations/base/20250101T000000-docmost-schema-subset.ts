import { type Kysely, sql } from 'kysely';

/**
 * Docmost's schema, for a standalone install: the tables the module reads or writes, column for
 * column as `docmost-schema.md` lists them (generated from Docmost's own migrations).
 *
 * On a database that already has Docmost's tables this migration must change nothing:
 * every table is created only when absent, and only the tables created here are marked
 * (a table comment) so that `down` never drops a table that Docmost owns.
 */

const MARKER = 'docmost-ai-tools:base';

/**
 * Column for column as `docmost-schema.md` lists them (generated from Docmost's own migrations):
 * names, types, nullability and defaults. `gen_random_uuid()` stands in for Docmost's
 * `gen_uuid_v7()` (ids are opaque here; nothing orders by them across tables). Foreign keys
 * that point at tables created later are added after all tables exist (FOREIGN_KEYS).
 */
const TABLES: ReadonlyArray<readonly [name: string, ddl: string]> = [
  [
    'workspaces',
    `create table workspaces (
      id uuid primary key default gen_random_uuid(),
      name varchar,
      description varchar,
      logo varchar,
      hostname varchar constraint workspaces_hostname_unique unique,
      custom_domain varchar constraint workspaces_custom_domain_unique unique,
      settings jsonb,
      default_role varchar not null default 'member',
      email_domains varchar[] default '{}',
      default_space_id uuid,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      deleted_at timestamptz,
      stripe_customer_id varchar constraint workspaces_stripe_customer_id_unique unique,
      status varchar,
      plan varchar,
      billing_email varchar,
      trial_end_at timestamptz,
      enforce_sso boolean not null default false,
      license_key varchar,
      enforce_mfa boolean default false,
      audit_retention_days bigint,
      trash_retention_days bigint,
      is_scim_enabled boolean not null default false
    )`,
  ],
  [
    'users',
    `create table users (
      id uuid primary key default gen_random_uuid(),
      name varchar,
      email varchar not null,
      email_verified_at timestamptz,
      password varchar,
      avatar_url varchar,
      role varchar,
      invited_by_id uuid references users(id) on delete set null,
      workspace_id uuid references workspaces(id) on delete cascade,
      locale varchar,
      timezone varchar,
      settings jsonb,
      last_active_at timestamptz,
      last_login_at timestamptz,
      deactivated_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      deleted_at timestamptz,
      has_generated_password boolean not null default false,
      scim_external_id text,
      is_agent boolean not null default false,
      constraint users_email_workspace_id_unique unique (email, workspace_id)
    )`,
  ],
  [
    'groups',
    `create table groups (
      id uuid primary key default gen_random_uuid(),
      name varchar not null,
      description text,
      is_default boolean not null,
      workspace_id uuid not null references workspaces(id) on delete cascade,
      creator_id uuid references users(id),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      deleted_at timestamptz,
      scim_external_id text,
      is_external boolean not null default false,
      constraint groups_name_workspace_id_unique unique (name, workspace_id)
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
      constraint group_users_group_id_user_id_unique unique (group_id, user_id)
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
      creator_id uuid references users(id),
      workspace_id uuid not null references workspaces(id) on delete cascade,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      deleted_at timestamptz,
      settings jsonb,
      constraint spaces_slug_workspace_id_unique unique (slug, workspace_id)
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
      constraint space_members_space_id_user_id_unique unique (space_id, user_id),
      constraint space_members_space_id_group_id_unique unique (space_id, group_id),
      constraint allow_either_user_id_or_group_id_check
        check ((user_id is not null and group_id is null) or (user_id is null and group_id is not null))
    )`,
  ],
  [
    // Docmost's role_id references ai_agent_roles, a table outside what the module touches:
    // the column is kept, its foreign key is not.
    'ai_chats',
    `create table ai_chats (
      id uuid primary key default gen_random_uuid(),
      workspace_id uuid not null references workspaces(id) on delete cascade,
      creator_id uuid not null references users(id),
      title varchar,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      deleted_at timestamptz,
      role_id uuid,
      page_id uuid
    )`,
  ],
  [
    'pages',
    `create table pages (
      id uuid primary key default gen_random_uuid(),
      slug_id varchar not null constraint pages_slug_id_unique unique,
      title varchar,
      icon varchar,
      cover_photo varchar,
      position varchar,
      content jsonb,
      ydoc bytea,
      text_content text,
      tsv tsvector,
      parent_page_id uuid references pages(id) on delete cascade,
      creator_id uuid references users(id),
      last_updated_by_id uuid references users(id),
      deleted_by_id uuid references users(id),
      space_id uuid not null references spaces(id) on delete cascade,
      workspace_id uuid not null references workspaces(id) on delete cascade,
      is_locked boolean not null default false,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      deleted_at timestamptz,
      contributor_ids uuid[] default '{}',
      last_updated_source varchar(20) not null default 'user',
      last_updated_ai_chat_id uuid references ai_chats(id) on delete set null,
      is_template boolean not null default false
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
      version integer,
      last_updated_by_id uuid references users(id),
      space_id uuid not null references spaces(id) on delete cascade,
      workspace_id uuid not null references workspaces(id) on delete cascade,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      contributor_ids uuid[] default '{}',
      last_updated_source varchar(20),
      last_updated_ai_chat_id uuid references ai_chats(id) on delete set null
    )`,
  ],
  [
    'comments',
    `create table comments (
      id uuid primary key default gen_random_uuid(),
      content jsonb,
      selection varchar,
      type varchar,
      creator_id uuid references users(id),
      page_id uuid not null references pages(id) on delete cascade,
      parent_comment_id uuid references comments(id) on delete cascade,
      workspace_id uuid not null references workspaces(id),
      resolved_at timestamptz,
      created_at timestamptz not null default now(),
      edited_at timestamptz,
      deleted_at timestamptz,
      last_edited_by_id uuid references users(id) on delete set null,
      resolved_by_id uuid references users(id) on delete set null,
      updated_at timestamptz not null default now(),
      space_id uuid not null references spaces(id) on delete cascade,
      created_source varchar(20) not null default 'user',
      ai_chat_id uuid references ai_chats(id) on delete set null,
      resolved_source varchar(20)
    )`,
  ],
  [
    'shares',
    `create table shares (
      id uuid primary key default gen_random_uuid(),
      key varchar not null,
      page_id uuid references pages(id) on delete cascade,
      include_sub_pages boolean default false,
      search_indexing boolean default false,
      creator_id uuid references users(id),
      space_id uuid not null references spaces(id) on delete cascade,
      workspace_id uuid not null references workspaces(id) on delete cascade,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      deleted_at timestamptz,
      constraint shares_key_workspace_id_unique unique (key, workspace_id)
    )`,
  ],
  [
    'ai_chat_messages',
    `create table ai_chat_messages (
      id uuid primary key default gen_random_uuid(),
      chat_id uuid not null references ai_chats(id) on delete cascade,
      workspace_id uuid not null references workspaces(id) on delete cascade,
      user_id uuid references users(id) on delete set null,
      role varchar not null,
      content text,
      tool_calls jsonb,
      metadata jsonb,
      tsv tsvector,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      deleted_at timestamptz,
      status text
    )`,
  ],
  [
    'page_access',
    `create table page_access (
      id uuid primary key default gen_random_uuid(),
      page_id uuid not null constraint page_access_page_id_key unique references pages(id) on delete cascade,
      workspace_id uuid not null references workspaces(id) on delete cascade,
      space_id uuid not null references spaces(id) on delete cascade,
      access_level varchar not null,
      creator_id uuid references users(id) on delete set null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`,
  ],
  [
    'page_permissions',
    `create table page_permissions (
      id uuid primary key default gen_random_uuid(),
      page_access_id uuid not null references page_access(id) on delete cascade,
      user_id uuid references users(id) on delete cascade,
      group_id uuid references groups(id) on delete cascade,
      role varchar not null,
      added_by_id uuid references users(id) on delete set null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint page_access_user_unique unique (page_access_id, user_id),
      constraint page_access_group_unique unique (page_access_id, group_id),
      constraint allow_either_user_id_or_group_id_check
        check ((user_id is not null and group_id is null) or (user_id is null and group_id is not null))
    )`,
  ],
  [
    'attachments',
    `create table attachments (
      id uuid primary key default gen_random_uuid(),
      file_name varchar not null,
      file_path varchar not null,
      file_size bigint,
      file_ext varchar not null,
      mime_type varchar,
      type varchar,
      creator_id uuid not null references users(id),
      page_id uuid,
      space_id uuid,
      workspace_id uuid not null references workspaces(id) on delete cascade,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      deleted_at timestamptz,
      text_content text,
      tsv tsvector,
      ai_chat_id uuid
    )`,
  ],
  [
    'watchers',
    `create table watchers (
      id uuid primary key default gen_random_uuid(),
      user_id uuid not null references users(id) on delete cascade,
      page_id uuid references pages(id) on delete cascade,
      space_id uuid not null references spaces(id) on delete cascade,
      workspace_id uuid not null references workspaces(id) on delete cascade,
      type text not null,
      added_by_id uuid references users(id) on delete set null,
      muted_at timestamptz,
      created_at timestamptz not null default now()
    )`,
  ],
  [
    'backlinks',
    `create table backlinks (
      id uuid primary key default gen_random_uuid(),
      source_page_id uuid not null references pages(id) on delete cascade,
      target_page_id uuid not null references pages(id) on delete cascade,
      workspace_id uuid not null references workspaces(id) on delete cascade,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      constraint backlinks_source_page_id_target_page_id_unique unique (source_page_id, target_page_id)
    )`,
  ],
];

/** Foreign keys between tables created here that the creation order cannot express. */
const FOREIGN_KEYS: Readonly<Record<string, readonly string[]>> = {
  workspaces: [
    'alter table workspaces add constraint workspaces_default_space_id_fkey foreign key (default_space_id) references spaces(id) on delete set null',
  ],
  ai_chats: [
    'alter table ai_chats add constraint ai_chats_page_id_fkey foreign key (page_id) references pages(id) on delete set null',
  ],
};

/** Docmost's own indexes on these tables, created only alongside a table created here. */
const INDEXES: Readonly<Record<string, readonly string[]>> = {
  workspaces: [
    'create index idx_workspaces_created_at on workspaces (created_at)',
    'create unique index idx_workspaces_hostname_lower on workspaces (lower(hostname::text))',
  ],
  users: [
    'create index idx_users_workspace_deleted on users (workspace_id, deleted_at)',
    'create unique index idx_users_workspace_scim_external_id on users (workspace_id, scim_external_id) where scim_external_id is not null',
  ],
  groups: [
    'create unique index idx_groups_name_lower_workspace on groups (lower(name::text), workspace_id)',
    'create index idx_groups_workspace_id on groups (workspace_id)',
  ],
  group_users: [
    'create index idx_group_users_user_id on group_users (user_id)',
  ],
  spaces: [
    'create unique index idx_spaces_slug_lower_workspace on spaces (lower(slug::text), workspace_id)',
    'create index idx_spaces_workspace_id on spaces (workspace_id)',
  ],
  space_members: [
    'create index idx_space_members_group_id on space_members (group_id)',
    'create index idx_space_members_user_id on space_members (user_id)',
  ],
  ai_chats: [
    'create index idx_ai_chats_workspace_creator on ai_chats (workspace_id, creator_id, id)',
  ],
  pages: [
    'create index idx_pages_creator_id on pages (creator_id)',
    'create index idx_pages_parent_page_id on pages (parent_page_id) where deleted_at is null',
    'create index idx_pages_space_deleted on pages (space_id, deleted_at desc) where deleted_at is not null',
    'create index idx_pages_space_parent_position on pages (space_id, parent_page_id, position collate "C") where deleted_at is null',
    'create index idx_pages_space_updated on pages (space_id, updated_at desc) where deleted_at is null',
    'create index idx_pages_workspace_id on pages (workspace_id)',
    'create index pages_is_template_idx on pages (workspace_id) where is_template',
    'create index pages_tsv_idx on pages using gin (tsv)',
    // Docmost keeps tsv in step with title and text_content through this trigger.
    `create or replace function pages_tsvector_trigger() returns trigger as $$
     begin
       new.tsv := setweight(to_tsvector('english', f_unaccent(coalesce(new.title, ''))), 'A') ||
                  setweight(to_tsvector('english', f_unaccent(substring(coalesce(new.text_content, ''), 1, 1000000))), 'B');
       return new;
     end;
     $$ language plpgsql`,
    `comment on function pages_tsvector_trigger() is '${MARKER}'`,
    'create trigger pages_tsvector_update before insert or update on pages for each row execute function pages_tsvector_trigger()',
  ],
  page_history: [
    'create index idx_page_history_page_created on page_history (page_id, created_at desc)',
  ],
  comments: [
    'create index idx_comments_page_id on comments (page_id)',
    'create index idx_comments_parent_comment_id on comments (parent_comment_id)',
  ],
  shares: ['create index idx_shares_page_id on shares (page_id)'],
  ai_chat_messages: [
    'create index idx_ai_chat_messages_chat_id on ai_chat_messages (chat_id, id)',
    'create index idx_ai_chat_messages_tsv on ai_chat_messages using gin (tsv)',
  ],
  page_access: ['create index idx_page_access_space on page_access (space_id)'],
  page_permissions: [
    'create index idx_page_permissions_group on page_permissions (group_id)',
    'create index idx_page_permissions_user on page_permissions (user_id)',
  ],
  attachments: [
    'create index attachments_tsv_idx on attachments using gin (tsv)',
    'create index idx_attachments_ai_chat_id on attachments (ai_chat_id)',
    'create index idx_attachments_page_id on attachments (page_id)',
    'create index idx_attachments_space_id on attachments (space_id)',
    'create index idx_attachments_workspace_id on attachments (workspace_id)',
  ],
  watchers: [
    'create index idx_watchers_page_id on watchers (page_id)',
    'create index idx_watchers_space_id on watchers (space_id)',
    'create unique index idx_watchers_user_page on watchers (user_id, page_id) where page_id is not null',
    'create unique index idx_watchers_user_space on watchers (user_id, space_id) where page_id is null',
    'create index idx_watchers_user_workspace on watchers (user_id, workspace_id)',
  ],
  backlinks: [
    'create index idx_backlinks_target_page_id on backlinks (target_page_id)',
  ],
};

async function tableExists(db: Kysely<any>, name: string): Promise<boolean> {
  const { rows } = await sql<{
    exists: boolean;
  }>`select to_regclass(${'public.' + name}) is not null as exists`.execute(db);
  return rows[0]?.exists === true;
}

/** Whether a function of that name (any arguments) exists in the public schema. */
async function functionExists(db: Kysely<any>, name: string): Promise<boolean> {
  const { rows } = await sql<{ exists: boolean }>`
    select exists (select 1 from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = 'public' and p.proname = ${name}) as exists`.execute(
    db,
  );
  return rows[0]?.exists === true;
}

/**
 * Docmost's search trigger calls `f_unaccent`, an immutable wrapper around the `unaccent`
 * extension. Where the server ships no `unaccent` (it is a contrib module), the wrapper is the
 * identity: searches then match accents exactly, everything else behaves the same.
 */
async function createUnaccentFunction(db: Kysely<any>): Promise<void> {
  if (await functionExists(db, 'f_unaccent')) return;
  const { rows } = await sql<{ available: boolean }>`
    select exists (select 1 from pg_available_extensions where name = 'unaccent') as available`.execute(
    db,
  );
  const body = rows[0]?.available
    ? "select unaccent('unaccent', $1)"
    : 'select $1';
  if (rows[0]?.available)
    await sql`create extension if not exists unaccent`.execute(db);
  await sql
    .raw(
      `create function f_unaccent(text) returns text as $$ ${body} $$ language sql immutable parallel safe strict`,
    )
    .execute(db);
  await sql
    .raw(`comment on function f_unaccent(text) is '${MARKER}'`)
    .execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  await createUnaccentFunction(db);
  const created = new Set<string>();
  for (const [name, ddl] of TABLES) {
    if (await tableExists(db, name)) continue;
    await sql.raw(ddl).execute(db);
    for (const index of INDEXES[name] ?? []) await sql.raw(index).execute(db);
    await sql.raw(`comment on table ${name} is '${MARKER}'`).execute(db);
    created.add(name);
  }
  for (const [name, statements] of Object.entries(FOREIGN_KEYS)) {
    if (!created.has(name)) continue;
    for (const statement of statements) await sql.raw(statement).execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [name] of [...TABLES].reverse()) {
    const { rows } = await sql<{ comment: string | null }>`
      select obj_description(to_regclass(${'public.' + name}), 'pg_class') as comment`.execute(
      db,
    );
    // Only drop what `up` created: on a Docmost database these tables are Docmost's. CASCADE
    // removes the foreign keys added after creation (workspaces <-> spaces, ai_chats <-> pages).
    if (rows[0]?.comment === MARKER)
      await sql.raw(`drop table ${name} cascade`).execute(db);
  }
  for (const signature of ['pages_tsvector_trigger()', 'f_unaccent(text)']) {
    const { rows } = await sql<{ comment: string | null }>`
      select obj_description(to_regprocedure(${'public.' + signature}), 'pg_proc') as comment`.execute(
      db,
    );
    if (rows[0]?.comment === MARKER)
      await sql.raw(`drop function ${signature}`).execute(db);
  }
}
