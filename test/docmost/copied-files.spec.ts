/**
 * A copied image: the owner's agent copies a page with an uploaded image, in a space the member
 * cannot see, onto a page the member can. As Docmost's page duplicate does, the copy has its own
 * file: the member loads it (and not the source's), a public share of the target serves it, and
 * it still loads once the source is purged from the trash and its files deleted.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createPage, type DocmostSession } from './docmost-api';
import { preparedDocmost, withDatabase } from './docmost-checks';
import {
  documentOf,
  paragraph,
  startAgentWorkspace,
  type AgentWorkspace,
} from './agent-workspace';
import { settle } from './effects-observer';

let checks: AgentWorkspace;

beforeAll(async () => {
  checks = await startAgentWorkspace({ label: 'copied_files' });
}, 600_000);

afterAll(async () => {
  await checks?.stop();
});

/** A 1×1 PNG, distinct bytes to compare. */
const IMAGE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const FILE_NAME = 'diagram.png';

interface Attachment {
  readonly id: string;
  readonly fileName: string;
}

/** Docmost's upload route (multipart, the page in a field), as its editor uploads an image. */
async function upload(
  session: DocmostSession,
  pageId: string,
): Promise<Attachment> {
  const form = new FormData();
  form.append('pageId', pageId);
  form.append('file', new Blob([IMAGE], { type: 'image/png' }), FILE_NAME);
  const response = await fetch(`${session.baseUrl}/api/files/upload`, {
    method: 'POST',
    headers: { cookie: `authToken=${session.authToken}` },
    body: form,
  });
  const body = (await response.json()) as Attachment | { data: Attachment };
  expect(response.status).toBe(200);
  return 'data' in body ? body.data : body;
}

/** A GET of a file URL with the person's cookie (none: anonymous). */
async function getFile(
  path: string,
  session?: DocmostSession,
): Promise<{ status: number; bytes: Buffer }> {
  const response = await fetch(`${checks.deployment.a.url}${path}`, {
    headers:
      session === undefined ? {} : { cookie: `authToken=${session.authToken}` },
  });
  return {
    status: response.status,
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

/** The image nodes' attachment ids and sources in a page's stored content. */
async function storedImages(
  pageId: string,
): Promise<{ attachmentId: string; src: string }[]> {
  const { rows } = await withDatabase(checks.deployment.databaseUrl, (client) =>
    client.query<{ content: unknown }>(
      'select content from pages where id = $1',
      [pageId],
    ),
  );
  const found: { attachmentId: string; src: string }[] = [];
  const visit = (node: unknown) => {
    if (node === null || typeof node !== 'object') return;
    const { type, attrs, content } = node as {
      type?: string;
      attrs?: { attachmentId?: string; src?: string };
      content?: unknown[];
    };
    if (type === 'image')
      found.push({
        attachmentId: String(attrs?.attachmentId),
        src: String(attrs?.src),
      });
    for (const child of content ?? []) visit(child);
  };
  visit(rows[0].content);
  return found;
}

describe("a page's image copied by the agent is the target's own, as Docmost's page duplicate makes it", () => {
  it("loads for a reader of the target who cannot see the source, on the target's public share, and after the source is purged", async () => {
    const { owner, member } = checks.work.people;
    const privateSpace = await owner.session.call<{ id: string }>(
      'spaces/create',
      { name: 'Private', slug: 'private' },
    );
    const source = await createPage(owner.session, {
      spaceId: privateSpace.id,
      title: 'Architecture',
    });
    const original = await upload(owner.session, source.id);
    const originalPath = `/api/files/${original.id}/${FILE_NAME}`;
    await owner.session.call('pages/update', {
      pageId: source.id,
      operation: 'replace',
      format: 'json',
      content: documentOf(paragraph('The diagram:'), {
        type: 'image',
        attrs: {
          src: originalPath,
          attachmentId: original.id,
          alt: 'diagram',
          size: IMAGE.length,
        },
      }),
    });
    expect(await storedImages(source.id)).toEqual([
      { attachmentId: original.id, src: originalPath },
    ]);
    const target = await createPage(owner.session, {
      spaceId: checks.work.spaceId,
      title: 'Architecture (copy)',
      markdown: 'To be replaced.',
    });
    // The member is outside the source's space: Docmost answers 404 for its file; the owner can.
    expect((await getFile(originalPath, member.session)).status).toBe(404);
    expect((await getFile(originalPath, owner.session)).bytes).toEqual(IMAGE);

    const call = await checks.agent('owner', 'copyPageContent', {
      sourcePageId: source.id,
      targetPageId: target.id,
    });
    expect(call.errorText).toBeUndefined();

    // Written through Docmost's collaboration, which stores the page after its debounce.
    const copied = await settle(
      () => storedImages(target.id),
      (images) => images.length > 0,
      60_000,
    );
    expect(copied).toHaveLength(1);
    const [{ attachmentId, src }] = copied;
    expect(attachmentId).not.toBe(original.id);
    expect(src).toBe(`/api/files/${attachmentId}/${FILE_NAME}`);
    const row = await withDatabase(checks.deployment.databaseUrl, (client) =>
      client.query(
        'select page_id, space_id, file_name from attachments where id = $1',
        [attachmentId],
      ),
    );
    expect(row.rows).toEqual([
      {
        page_id: target.id,
        space_id: checks.work.spaceId,
        file_name: FILE_NAME,
      },
    ]);
    const byMember = await getFile(src, member.session);
    expect(byMember.status).toBe(200);
    expect(byMember.bytes).toEqual(IMAGE);
    expect((await getFile(originalPath, member.session)).status).toBe(404);

    // The target's public share: its content names the file by a public URL with a token.
    const share = await owner.session.call<{ id: string }>('shares/create', {
      pageId: target.id,
    });
    const shared = await fetch(
      `${checks.deployment.a.url}/api/shares/page-info`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ shareId: share.id, pageId: target.id }),
      },
    );
    expect(shared.status).toBe(200);
    const publicPath = new RegExp(
      `/api/files/public/${attachmentId}/${FILE_NAME.replace('.', '\\.')}\\?jwt=[^"\\\\]+`,
    ).exec(await shared.text())?.[0];
    expect(publicPath).toBeDefined();
    const anonymous = await getFile(publicPath!);
    expect(anonymous.status).toBe(200);
    expect(anonymous.bytes).toEqual(IMAGE);

    // The source trashed, then purged: Docmost's attachment job deletes its rows and files
    // (Docmost's local storage is `data/storage` two folders above the server's).
    const originalFile = join(
      resolve(preparedDocmost().mountedServerDirectory, '..', '..'),
      'data',
      'storage',
      await withDatabase(checks.deployment.databaseUrl, async (client) =>
        String(
          (
            await client.query<{ file_path: string }>(
              'select file_path from attachments where id = $1',
              [original.id],
            )
          ).rows[0].file_path,
        ),
      ),
    );
    expect(existsSync(originalFile)).toBe(true);
    await owner.session.call('pages/delete', { pageId: source.id });
    await owner.session.call('pages/delete', {
      pageId: source.id,
      permanentlyDelete: true,
    });
    const purged = await settle(
      async () => ({
        rows: await checks.count(
          'select count(*) from attachments where id = $1',
          [original.id],
        ),
        file: existsSync(originalFile),
      }),
      (state) => state.rows === 0 && !state.file,
      60_000,
    );
    expect(purged).toEqual({ rows: 0, file: false });
    const afterPurge = await getFile(src, member.session);
    expect(afterPurge.status).toBe(200);
    expect(afterPurge.bytes).toEqual(IMAGE);
    expect((await getFile(publicPath!)).bytes).toEqual(IMAGE);
  });
});
