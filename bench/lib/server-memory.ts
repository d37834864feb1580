// A server process's resident memory from /proc (Linux): in all, and its parts — the heap and other
// anonymous memory, and pages of files (the binary, a memory-mapped database).
import fs from 'node:fs';

export function residentMiB(pid: number): { total: number; anonymous: number; file: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const mib = (field: string) =>
    Math.round(Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024);
  return { total: mib('VmRSS'), anonymous: mib('RssAnon'), file: mib('RssFile') };
}
