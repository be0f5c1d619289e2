/**
 * next/previous links of a Django REST framework style page. They are relative URLs that keep
 * every query parameter of the request and set `page`, which is what the spec's paginated
 * helper follows.
 */
export function pageLinks(
  requestUrl: string,
  page: number,
  hasNext: boolean,
): { next: string | null; previous: string | null } {
  const url = new URL(requestUrl, 'http://local');
  const linkTo = (target: number) => {
    const params = new URLSearchParams(url.searchParams);
    params.set('page', String(target));
    return `${url.pathname}?${params.toString()}`;
  };
  return {
    next: hasNext ? linkTo(page + 1) : null,
    previous: page > 1 ? linkTo(page - 1) : null,
  };
}
