/** The title part of Docmost's page URLs: lowercase words joined by dashes, at most 70 characters in. */
function titleSlug(title: string | null): string {
  const slug = (title ?? '')
    .slice(0, 70)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug === '' ? 'untitled' : slug;
}

/** The public link of a shared page, as Docmost builds it: `<origin>/share/<key>/p/<title-slug>-<slugId>`. */
export function shareUrl(
  publicBaseUrl: string,
  key: string,
  page: { readonly slugId: string; readonly title: string | null },
): string {
  return `${publicBaseUrl.replace(/\/+$/, '')}/share/${key}/p/${titleSlug(page.title)}-${page.slugId}`;
}
