// A streaming RFC 4180 CSV reader: quoted fields may hold commas, doubled quotes and line breaks;
// rows end with LF or CRLF. Feed it text chunks; it hands back complete rows with their line.

export interface CsvRow {
  /** Line on which the row starts (1-based). */
  line: number;
  fields: string[];
}

export class CsvReader {
  private field = '';
  private fields: string[] = [];
  private quoted = false;
  /** The previous chunk ended on a quote inside a quoted field: an escape or the closing quote. */
  private pendingQuote = false;
  private line = 1;
  private rowLine = 1;
  private rowStarted = false;

  /** Parses `chunk`, returning the rows it completed. */
  push(chunk: string): CsvRow[] {
    const rows: CsvRow[] = [];
    for (let i = 0; i < chunk.length; i += 1) {
      const char = chunk[i]!;
      if (this.pendingQuote) {
        this.pendingQuote = false;
        if (char === '"') {
          this.field += '"';
          continue;
        }
        this.quoted = false;
      }
      if (this.quoted) {
        if (char === '"') this.pendingQuote = true;
        else {
          if (char === '\n') this.line += 1;
          this.field += char;
        }
        continue;
      }
      if (!this.rowStarted && char !== '\n' && char !== '\r') {
        this.rowStarted = true;
        this.rowLine = this.line;
      }
      if (char === '"' && this.field === '') this.quoted = true;
      else if (char === ',') this.endField();
      else if (char === '\n') {
        if (this.rowStarted) rows.push(this.endRow());
        this.line += 1;
      } else if (char !== '\r') this.field += char;
    }
    return rows;
  }

  /** Completes the last row when the input does not end with a line break. */
  end(): CsvRow[] {
    if (this.pendingQuote) {
      this.pendingQuote = false;
      this.quoted = false;
    }
    if (this.quoted) throw new Error(`line ${this.rowLine}: a quoted field is not closed`);
    return this.rowStarted ? [this.endRow()] : [];
  }

  private endField() {
    this.fields.push(this.field);
    this.field = '';
  }

  private endRow(): CsvRow {
    this.endField();
    const row = { line: this.rowLine, fields: this.fields };
    this.fields = [];
    this.rowStarted = false;
    return row;
  }
}
