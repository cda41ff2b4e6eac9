// The profile routes' work between parsing and serializing: whose profiles the key
// reaches (an account's live ones, or its sandbox ones for a sandbox key), the store
// calls, and the résumé upload and download.
import type { Context } from 'koa';
import {
  createProfile,
  getProfile,
  listProfiles,
  profileExists,
  readResume,
  updateProfile,
  uploadResume,
  type ProfileOwner,
} from '../../apply/profiles/profile-store.ts';
import { ProfileInputError } from '../../apply/profiles/profile-rules.ts';
import { PROFILE_LIMITS } from '../../apply/profiles/profile.ts';
import { resumeFileName, sniffResume } from '../../apply/profiles/resume-file.ts';
import { API_VERSION } from '../api-version.ts';
import { serializeProfile, profilePath } from '../serializers/profile.ts';
import type { ListProfilesQuery, Profile, ProfileBody, ProfileList } from '../schemas/profiles.ts';
import { profileNotFound, profileProblem, resumeNotFound, unprocessableFields } from './problems.ts';
import { readResumeUpload } from './upload.ts';

/** Sandbox keys reach the account's sandbox profiles only, live keys its live ones. */
export function profileOwner(ctx: Context): ProfileOwner {
  const principal = ctx.state.principal!;
  return { accountId: principal.account.id, sandbox: principal.kind === 'sandbox' };
}

/** Dates of the calendar the schema cannot check (2023-02-29) are 422s naming the field. */
async function validated<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof ProfileInputError) throw unprocessableFields(error.problems);
    throw error;
  }
}

export async function createOwnProfile(ctx: Context, body: ProfileBody): Promise<Profile> {
  const record = await validated(createProfile(ctx.services.pool, profileOwner(ctx), body));
  ctx.set('Location', profilePath(record.id));
  return serializeProfile(record);
}

export async function readOwnProfile(ctx: Context, id: string): Promise<Profile> {
  const record = await getProfile(ctx.services.pool, profileOwner(ctx), id);
  if (!record) throw profileNotFound(id);
  return serializeProfile(record);
}

export async function patchOwnProfile(ctx: Context, id: string, body: ProfileBody): Promise<Profile> {
  const record = await validated(updateProfile(ctx.services.pool, profileOwner(ctx), id, body));
  if (!record) throw profileNotFound(id);
  return serializeProfile(record);
}

/** Newest first, by a signed cursor over (created_at, id), bound to the account and the key's kind. */
export async function listOwnProfiles(ctx: Context, query: ListProfilesQuery): Promise<ProfileList> {
  const { pool, feeds } = ctx.services;
  const owner = profileOwner(ctx);
  const filters = { sandbox: owner.sandbox };
  let after: { created_at: string; id: string } | null = null;
  if (query.cursor !== undefined) {
    const [created_at, id] = JSON.parse(feeds.cursors.open(query.cursor, owner.accountId, 'profiles', filters)) as [string, string];
    after = { created_at, id };
  }
  const rows = await listProfiles(pool, owner, { after, limit: query.limit + 1 });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const hasMore = rows.length > query.limit;
  return {
    api_version: API_VERSION,
    profiles: page.map(serializeProfile),
    next_cursor: hasMore && last ? feeds.cursors.seal(owner.accountId, 'profiles', filters, JSON.stringify([last.position, last.id])) : null,
    has_more: hasMore,
  };
}

/**
 * PUT .../resume: the file's type is decided from its bytes; it is stored (sealed) and
 * its import queued together, and the profile answers `importing` (202).
 */
export async function uploadOwnResume(ctx: Context, id: string): Promise<Profile> {
  const { pool, boss } = ctx.services;
  const owner = profileOwner(ctx);
  // An unknown profile is a 404 before the upload is read.
  if (!(await profileExists(pool, owner, id))) throw profileNotFound(id);
  const upload = await readResumeUpload(ctx, PROFILE_LIMITS.resumeBytes);
  const contentType = sniffResume(upload.bytes);
  if (!contentType) {
    throw profileProblem(
      'unsupported_file_type',
      upload.bytes.length === 0 ? 'The uploaded file is empty. Upload the résumé as a PDF or DOCX.' : 'The file is neither a PDF nor a DOCX document (judged by its content, not its name). Upload the résumé as a PDF or DOCX.',
    );
  }
  const record = await uploadResume(pool, boss, owner, id, { file_name: resumeFileName(upload.fileName, contentType), content_type: contentType, bytes: upload.bytes });
  if (!record) throw profileNotFound(id);
  return serializeProfile(record);
}

/** GET .../resume: the stored file as uploaded, for its owner only. */
export async function downloadOwnResume(ctx: Context, id: string): Promise<void> {
  const owner = profileOwner(ctx);
  const file = await readResume(ctx.services.pool, owner, id);
  if (!file) {
    if (await profileExists(ctx.services.pool, owner, id)) throw resumeNotFound(id);
    throw profileNotFound(id);
  }
  ctx.attachment(file.file_name);
  // After attachment(), which guesses a type from the name: the bytes decided it.
  ctx.type = file.content_type;
  ctx.set('Cache-Control', 'private, no-store');
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.body = file.bytes;
}
