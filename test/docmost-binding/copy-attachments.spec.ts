import { randomBytes } from 'node:crypto';
import { v7 as uuidv7 } from 'uuid';
import { SEED_IDS } from '../../host/seed/seed-ids';
import type { JsonValue, ProseMirrorNode } from '../../src';
import { BindingHost, type Person } from './support/binding-host';

/**
 * copyPageContent copies the files behind the source's images and attachments as Docmost's
 * page duplicate does: new attachments owned by the target page, their files copied in the
 * storage, the content pointed at them. So a reader of the target who may not see the source
 * loads the copy's images, and they stay after the source's files are purged. The source here
 * is in the Leadership space, which the member cannot see; the target is in Product.
 */

let host: BindingHost;
const SOURCE = SEED_IDS.pages.leadershipOverview;
let target: string;
const PNG = randomBytes(64);

/** An attachment of `pageId` with its file in the host's storage, as Docmost's upload makes it. */
async function upload(
  pageId: string,
  spaceId: string,
  fileName: string,
): Promise<{ id: string; filePath: string }> {
  const id = uuidv7();
  const filePath = `${SEED_IDS.workspace}/files/${id}/${fileName}`;
  await host.docmost.storageService.upload(filePath, PNG);
  await host.docmost.attachmentRepo.insertAttachment({
    id,
    type: 'file',
    filePath,
    fileName,
    fileSize: PNG.length,
    fileExt: '.png',
    mimeType: 'image/png',
    creatorId: SEED_IDS.users.owner,
    workspaceId: SEED_IDS.workspace,
    pageId,
    spaceId,
  });
  return { id, filePath };
}

const image = (id: string, fileName: string): ProseMirrorNode => ({
  type: 'image',
  attrs: { src: `/api/files/${id}/${fileName}`, attachmentId: id },
});

async function fetchFile(person: Person, src: string) {
  return host.app.inject({
    method: 'GET',
    url: src,
    headers: { authorization: `Bearer ${host.users[person].token}` },
  });
}

async function content(pageId: string): Promise<ProseMirrorNode> {
  const row = await host.database.db
    .selectFrom('pages')
    .select('content')
    .where('id', '=', pageId)
    .executeTakeFirstOrThrow();
  return row.content as unknown as ProseMirrorNode;
}

beforeAll(async () => {
  host = await BindingHost.start();
  target = await host.newPage('Copy of the leadership overview');
}, 60_000);
afterAll(async () => {
  await host?.close();
});

it("copies the source's images for the target: a reader of the target who cannot see the source loads them, also after the source's files are purged", async () => {
  const own = await upload(SOURCE, SEED_IDS.spaces.leadership, 'plan.png');
  // An image of another page pasted into the source: not the source's to hand out.
  const foreign = await upload(
    SEED_IDS.pages.strategy,
    SEED_IDS.spaces.leadership,
    'other.png',
  );
  await host.database.db
    .updateTable('pages')
    .set({
      content: {
        type: 'doc',
        content: [image(own.id, 'plan.png'), image(foreign.id, 'other.png')],
      } as unknown as JsonValue,
    })
    .where('id', '=', SOURCE)
    .execute();
  expect(
    (await fetchFile('member', `/api/files/${own.id}/plan.png`)).statusCode,
  ).toBe(404);

  const copied = await host.agent('owner', 'copyPageContent', {
    sourcePageId: SOURCE,
    targetPageId: target,
  });
  expect(copied.value).toEqual(
    expect.objectContaining({ attachmentsCopied: 1, attachmentsNotCopied: 1 }),
  );
  const [copiedImage, foreignImage] = (await content(target)).content!;
  const copyId = copiedImage!.attrs!.attachmentId as string;
  expect(copyId).not.toBe(own.id);
  expect(copiedImage!.attrs!.src).toBe(`/api/files/${copyId}/plan.png`);
  expect(foreignImage!.attrs!.attachmentId).toBe(foreign.id);
  expect(await host.docmost.attachmentRepo.findById(copyId)).toEqual(
    expect.objectContaining({
      pageId: target,
      spaceId: SEED_IDS.spaces.product,
      fileName: 'plan.png',
      mimeType: 'image/png',
      filePath: `${SEED_IDS.workspace}/files/${copyId}/plan.png`,
    }),
  );

  const loaded = await fetchFile('member', copiedImage!.attrs!.src as string);
  expect(loaded.statusCode).toBe(200);
  expect(loaded.headers['content-type']).toBe('image/png');
  expect(loaded.rawPayload.equals(PNG)).toBe(true);

  // Docmost's purge of the source deletes its attachments and their files.
  await host.docmost.storageService.delete(own.filePath);
  await host.database.db
    .deleteFrom('attachments')
    .where('id', '=', own.id)
    .execute();
  const afterPurge = await fetchFile(
    'owner',
    copiedImage!.attrs!.src as string,
  );
  expect(afterPurge.statusCode).toBe(200);
  expect(afterPurge.rawPayload.equals(PNG)).toBe(true);
});
