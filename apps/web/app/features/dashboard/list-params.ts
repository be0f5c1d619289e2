// The filters of the dashboards' lists as their addresses carry them (?sok=, ?sida=, ?projekt=,
// ?foretag=): read one way everywhere, so a hand-edited address never reaches the API as
// something it would refuse.

/** The free-text search (?sok=): trimmed, at most 100 characters. */
export function searchParam(params: URLSearchParams): string {
  return (params.get('sok') ?? '').trim().slice(0, 100);
}

/** The list's page (?sida=): 1 when missing or not a whole number from 1 to `last`. */
export function pageParam(params: URLSearchParams, last = 10_000): number {
  const page = Number(params.get('sida') ?? '1');
  return Number.isInteger(page) && page >= 1 && page <= last ? page : 1;
}

/** An id filter (?projekt=, ?foretag=): the id as written, '' when it is not one. */
export function idParam(params: URLSearchParams, name: string): string {
  const value = (params.get(name) ?? '').trim();
  return /^\d{1,9}$/.test(value) ? value : '';
}

/** The staff lists' filters (/butik/{store}/offerter, /ordrar) and the API query they make. */
export function staffListFilters(params: URLSearchParams) {
  const sok = searchParam(params);
  const foretag = idParam(params, 'foretag');
  const sida = pageParam(params, 1000);
  const query = {
    page: sida,
    ...(sok ? { search: sok } : {}),
    ...(foretag ? { company_id: foretag } : {}),
  };
  return { filters: { sok, foretag, sida }, query };
}
