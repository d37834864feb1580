// pino to stdout, and to <dataDir>/logs/quire.log when asked.
import path from 'node:path';
import pino, { type Logger } from 'pino';
import type { ServerConfig } from '../config';
import { LogFile } from './log-file';

export function createLogger(config: ServerConfig): Logger {
  if (!config.logToFile || config.logLevel === 'silent') return pino({ level: config.logLevel });
  // Synchronous: with per-request logging off lines are rare, and none is lost in a crash. A full
  // disk drops lines rather than throwing out of whatever was logging (log-file.ts).
  const file = new LogFile(path.join(config.dataDir, 'logs', 'quire.log'));
  return pino(
    { level: config.logLevel },
    pino.multistream([
      { stream: process.stdout, level: config.logLevel as pino.Level },
      { stream: file, level: config.logLevel as pino.Level },
    ]),
  );
}
