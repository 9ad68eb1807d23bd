/**
 * CSV for the data export and the admin exports: RFC 4180 (CRLF line ends; a field holding a comma,
 * quote or line break is quoted, quotes doubled) and guarded against formula
 * injection: a text cell starting with = + - @ (or a tab or carriage return)
 * gets a leading apostrophe, so a spreadsheet shows it as text and never runs it.
 */

const FORMULA_START = /^[=+\-@\t\r]/;

function text(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? "" : value.toISOString();
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  if (typeof value === "boolean") return value ? "true" : "false";
  if (typeof value === "string") return FORMULA_START.test(value) ? `'${value}` : value;
  // JSON columns (plan details, insights): one cell of JSON text, guarded like any text.
  return text(JSON.stringify(value));
}

/** One CSV field. */
export function csvField(value: unknown): string {
  const cell = text(value);
  return /[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
}

/** A CSV document: the header row of `columns`, then one row per record. */
export function toCsv(columns: readonly string[], rows: readonly Record<string, unknown>[]): string {
  const lines = [columns.map(csvField).join(",")];
  for (const row of rows) lines.push(columns.map((column) => csvField(row[column])).join(","));
  return `${lines.join("\r\n")}\r\n`;
}
