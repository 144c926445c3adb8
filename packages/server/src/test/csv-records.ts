/**
 * Reads the CSV downloads back in tests (organizations, campaigns), independently of the writer (lib/csv):
 * RFC 4180 with quoted fields, doubled quotes, commas and line breaks inside, CRLF between records.
 */
export const parseCsv = (text: string): string[][] => {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (char === '"') {
        quoted = false;
      } else {
        field += char;
      }
    } else if (char === '"' && field === '') {
      quoted = true;
    } else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\r' && text[index + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      index += 1;
    } else {
      field += char;
    }
  }
  if (quoted) throw new Error('unterminated quoted field');
  if (field !== '' || row.length > 0) throw new Error('the last record has no line end');
  return rows;
};

/** The CSV as records keyed by the header row; a record with another number of fields is an error. */
export const csvRecords = (text: string): Record<string, string>[] => {
  const [header = [], ...rows] = parseCsv(text);
  return rows.map((row, line) => {
    if (row.length !== header.length)
      throw new Error(`record ${line + 1} has ${row.length} fields, the header ${header.length}`);
    return Object.fromEntries(header.map((name, index) => [name, row[index] ?? '']));
  });
};
