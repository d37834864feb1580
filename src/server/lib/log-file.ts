// The log file (<dataDir>/logs/quire.log), written line by line and synchronously so none is lost
// in a crash. It lives on the same disk as the database: when that disk is full a line cannot be
// written, and logging must then never be what takes the server down (issue 26). A line that
// cannot be written is dropped (stdout still has it); the next line that can be written first says
// how many were dropped.
import fs from 'node:fs';
import path from 'node:path';

export class LogFile {
  private fd: number | null = null;
  private dropped = 0;

  constructor(private readonly file: string) {}

  write(line: string): void {
    try {
      if (this.fd === null) {
        fs.mkdirSync(path.dirname(this.file), { recursive: true });
        this.fd = fs.openSync(this.file, 'a');
      }
      if (this.dropped > 0) {
        const note = {
          level: 40,
          time: Date.now(),
          msg: `${this.dropped} log lines could not be written (disk full?)`,
        };
        fs.writeSync(this.fd, `${JSON.stringify(note)}\n`);
        this.dropped = 0;
      }
      fs.writeSync(this.fd, line);
    } catch {
      this.dropped += 1;
    }
  }

  /** Lines dropped since the last one written. */
  get droppedLines(): number {
    return this.dropped;
  }
}
