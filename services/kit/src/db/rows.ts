/** The rows of a raw `execute` result: node-postgres and PGlite both answer `{ rows }`. */
export const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;
