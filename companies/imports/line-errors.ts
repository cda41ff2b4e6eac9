// The bad lines of an import: all of them counted, the first `limit` listed with their
// line number and reason (a broken 700,000-row file must not print 700,000 reasons).

export interface LineError {
  line: number;
  reason: string;
}

export class LineErrors {
  count = 0;
  readonly listed: LineError[] = [];
  readonly limit: number;

  constructor(limit: number) {
    this.limit = limit;
  }

  add(line: number, reason: string): void {
    this.count++;
    if (this.listed.length < this.limit) this.listed.push({ line, reason });
  }

  /** The listed errors in line order, and whether some were left out. */
  report(): { errors: LineError[]; errors_truncated: boolean } {
    return { errors: [...this.listed].sort((a, b) => a.line - b.line), errors_truncated: this.count > this.listed.length };
  }
}
