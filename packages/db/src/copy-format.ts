/**
 * Encoding of rows for PostgreSQL's COPY text format (the format both drivers load):
 * columns separated by tabs, rows by newlines, \N for null, backslash escapes inside values.
 */

/** Marks a value for a json/jsonb column (plain arrays are encoded as PostgreSQL arrays). */
export class CopyJson {
  constructor(readonly value: unknown) {}
}
export const copyJson = (value: unknown) => new CopyJson(value);

const ESCAPES: Record<string, string> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' };

function escapeText(s: string): string {
  return /[\\\n\r\t]/.test(s) ? s.replace(/[\\\n\r\t]/g, (c) => ESCAPES[c] ?? c) : s;
}

function arrayElement(v: unknown): string {
  if (v === null || v === undefined) return 'NULL';
  if (typeof v === 'number' || typeof v === 'bigint') return String(v);
  if (typeof v === 'boolean') return v ? 't' : 'f';
  return `"${String(v).replace(/["\\]/g, (c) => `\\${c}`)}"`;
}

export function encodeCopyValue(v: unknown): string {
  if (v === null || v === undefined) return '\\N';
  switch (typeof v) {
    case 'number':
      if (!Number.isFinite(v)) throw new Error(`Cannot COPY a non-finite number: ${v}`);
      return String(v);
    case 'bigint':
      return String(v);
    case 'boolean':
      return v ? 't' : 'f';
    case 'string':
      return escapeText(v);
    default:
      break;
  }
  if (v instanceof Date) return v.toISOString();
  if (v instanceof CopyJson) return escapeText(JSON.stringify(v.value));
  if (Array.isArray(v)) return escapeText(`{${v.map(arrayElement).join(',')}}`);
  throw new Error(`Cannot COPY a value of type ${typeof v}`);
}

export function encodeCopyRow(row: readonly unknown[]): string {
  let line = '';
  for (let i = 0; i < row.length; i++) {
    if (i > 0) line += '\t';
    line += encodeCopyValue(row[i]);
  }
  return line + '\n';
}

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

/** COPY statement head; names are checked because they are spliced into SQL. */
export function copyStatement(table: string, columns: readonly string[], source: string): string {
  for (const name of [table, ...columns]) {
    if (!IDENTIFIER.test(name)) throw new Error(`Invalid identifier for COPY: '${name}'`);
  }
  return `COPY ${table} (${columns.join(', ')}) FROM ${source}`;
}
