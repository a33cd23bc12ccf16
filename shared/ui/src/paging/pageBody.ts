/** The page a paging list asks for: which page, how big, in which order. */
export interface PageQuery {
  current: number;
  size: number;
  orders: { column: string; asc: boolean }[];
}

/** A paging call's body as the paging lists send it (their send-time stamp `t` aside): the page, then the filters as JSON keeps them. */
export const pageBody = (query: PageQuery, params: object | undefined) => ({
  ...query,
  params: JSON.parse(JSON.stringify(params ?? {})) as object,
});

/** Where a paging list starts: page 1, unsorted. */
export const firstPage = (size: number): PageQuery => ({ current: 1, size, orders: [] });

/** The first page a paging list asks for, before any paging or sorting: what a shell may ask for ahead of the view. */
export const firstPageBody = (params: object | undefined, size: number) => pageBody(firstPage(size), params);
