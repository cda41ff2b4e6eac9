import { pino, type Logger } from 'pino';

export type { Logger };

// Secrets never reach the log: request headers that carry them are redacted.
export function createLogger(level: string, name = 'service'): Logger {
  return pino({
    name,
    level,
    redact: {
      paths: ['req.headers["x-api-key"]', 'req.headers.authorization', 'password', '*.password'],
      censor: '[redacted]',
    },
  });
}
