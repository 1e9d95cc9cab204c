import { requireProvenance } from './require-provenance';
import type { DocmostServiceInstances } from './docmost-service-shapes';

/** Services whose methods take the parameters Docmost 0.94.0's take (provenance last). */
function withProvenance() {
  return {
    commentService: {
      async create(opts: unknown, dto: unknown, provenance?: unknown) {
        return { id: 'c' };
      },
      async resolveComment(
        comment: unknown,
        resolved: boolean,
        user: unknown,
        provenance?: unknown,
      ) {},
    },
    pageService: {
      async create(
        userId: string,
        workspaceId: string,
        dto: unknown,
        provenance?: unknown,
      ) {
        return { id: 'p' };
      },
      async update(
        page: unknown,
        dto: unknown,
        user: unknown,
        provenance?: unknown,
      ) {},
      async movePage(dto: unknown, page: unknown, provenance?: unknown) {},
      async movePageToSpace(
        page: unknown,
        spaceId: string,
        userId: string,
        provenance?: unknown,
      ) {},
      async removePage(pageId: string, userId: string, workspaceId: string) {},
    },
  };
}

const asInstances = (services: object) =>
  services as unknown as DocmostServiceInstances;

describe('requireProvenance', () => {
  it("binds services that take Docmost's provenance", () => {
    expect(() =>
      requireProvenance(asInstances(withProvenance())),
    ).not.toThrow();
  });

  it('refuses a Docmost whose services take no provenance, naming each method', () => {
    const services = withProvenance();
    services.commentService.create = async (opts: unknown, dto: unknown) => ({
      id: 'c',
    });
    services.pageService.movePage = async (dto: unknown, page: unknown) => {};
    expect(() => requireProvenance(asInstances(services))).toThrow(
      "docmostServices: this Docmost's commentService.create (argument 3), pageService.movePage (argument 3) take no provenance, so the agent's writes would be stored as the person's own",
    );
  });
});
