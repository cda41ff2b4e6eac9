import path from 'node:path';
import type { Config } from '../lib/config.ts';
import type { Logger } from '../lib/logger.ts';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './embedded.ts';

/**
 * DATABASE_URL when set; otherwise the embedded cluster in DATA_DIR (started or attached).
 * `ownProcessGroup`: for a process that stops the cluster itself on signals (db/embedded.ts).
 */
export async function openDatabase(config: Config, logger: Logger, options: { ownProcessGroup?: boolean } = {}): Promise<EmbeddedDatabase> {
  if (config.databaseUrl) return { url: config.databaseUrl, owned: false, stop: async () => {} };
  return startEmbeddedPostgres({ dataDir: path.resolve(config.dataDir), sharedDir: config.embeddedPgSharedDir, logger, ownProcessGroup: options.ownProcessGroup });
}
