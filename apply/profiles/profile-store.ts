// Stored applicant profiles: create, read, PATCH, delete, the résumé upload and the
// import's write. Sections are kept normalized (profile-rules.ts); contact, eligibility,
// self-identification and the résumé's bytes are sealed (lib/secret-box.ts), each for
// its own row and column. Other modules read a profile through loadApplicantProfile.
import crypto from 'node:crypto';
import type { PgBoss } from '../../db/boss.ts';
import { secretBox } from '../../db/encryption-keys.ts';
import { withTransaction, type Pool, type Queryable } from '../../db/pool.ts';
import * as profiles from '../../db/profiles.ts';
import type { ProfileRow, ProfileWrite } from '../../db/profiles.ts';
import { profileImportQueue } from '../../lib/queues.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import type { ApplicantProfile, ImportedResume, ProfileStatus, ResumeFile } from './profile.ts';
import { inputProblems, normalize, ProfileInputError, sectionsOf, type NormalizedSections, type ProfileInput } from './profile-rules.ts';
import { mergeImport } from './import-merge.ts';
import type { ResumeContentType } from './resume-file.ts';

/** A live key's or a sandbox key's profiles of an account: they are kept apart. */
export interface ProfileOwner {
  accountId: string;
  sandbox: boolean;
}

export interface ResumeInfo {
  file_name: string;
  content_type: string;
  size_bytes: number;
  uploaded_at: Date;
}

/** A profile as responses show it: sections opened and normalized, the résumé without its bytes. */
export interface ProfileRecord extends NormalizedSections {
  id: string;
  sandbox: boolean;
  status: ProfileStatus;
  import_error: string | null;
  resume: ResumeInfo | null;
  created_at: Date;
  updated_at: Date;
}

type SealedColumn = 'contact' | 'eligibility' | 'self_identification' | 'resume';

/** The authenticated context of a sealed column: a value opens only in its own row and column. */
const sealedFor = (column: SealedColumn, profileId: string) => `applicant_profiles.${column}:${profileId}`;

function openRecord(box: SecretBox, row: ProfileRow): ProfileRecord {
  return {
    id: row.id,
    sandbox: row.sandbox,
    status: row.status,
    import_error: row.import_error,
    name: row.name,
    contact: row.contact_sealed ? box.openJson(row.contact_sealed, sealedFor('contact', row.id)) : null,
    location: normalize.location(row.location as NormalizedSections['location']),
    links: normalize.links(row.links as NormalizedSections['links']),
    work_experience: (row.work_experience as NormalizedSections['work_experience']).map(normalize.work),
    education: (row.education as NormalizedSections['education']).map(normalize.education),
    eligibility: box.openJson(row.eligibility_sealed, sealedFor('eligibility', row.id)),
    preferences: normalize.preferences(row.preferences as NormalizedSections['preferences']),
    self_identification: box.openJson(row.self_identification_sealed, sealedFor('self_identification', row.id)),
    // The caller's, then the last import's.
    memories: [...row.memories, ...row.imported_memories],
    cover_letter_template: row.cover_letter_template,
    resume:
      row.resume_file_name !== null
        ? { file_name: row.resume_file_name, content_type: row.resume_content_type!, size_bytes: row.resume_size_bytes!, uploaded_at: row.resume_uploaded_at! }
        : null,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** The columns `input`'s present sections set (PATCH: each replaces its whole section). */
function writesFor(box: SecretBox, id: string, input: ProfileInput): Partial<ProfileWrite> {
  const problems = inputProblems(input);
  if (problems.length > 0) throw new ProfileInputError(problems);
  const writes: Partial<ProfileWrite> = {};
  if (input.name !== undefined) writes.name = input.name;
  if (input.contact !== undefined) writes.contact_sealed = input.contact === null ? null : box.sealJson(normalize.contact(input.contact), sealedFor('contact', id));
  if (input.location !== undefined) writes.location = normalize.location(input.location);
  if (input.links !== undefined) writes.links = normalize.links(input.links);
  if (input.work_experience !== undefined) writes.work_experience = input.work_experience.map(normalize.work);
  if (input.education !== undefined) writes.education = input.education.map(normalize.education);
  if (input.eligibility !== undefined) writes.eligibility_sealed = box.sealJson(normalize.eligibility(input.eligibility), sealedFor('eligibility', id));
  if (input.preferences !== undefined) writes.preferences = normalize.preferences(input.preferences);
  if (input.self_identification !== undefined) {
    writes.self_identification_sealed = box.sealJson(normalize.selfIdentification(input.self_identification), sealedFor('self_identification', id));
  }
  if (input.memories !== undefined) {
    // The caller sent the whole list (usually what it read, imported ones included): all of it is now the caller's.
    writes.memories = input.memories;
    writes.imported_memories = [];
  }
  // An empty string clears the template (spec 4.6).
  if (input.cover_letter_template !== undefined) writes.cover_letter_template = input.cover_letter_template || null;
  return writes;
}

/** A new profile: absent sections start empty, the name `Default`. Throws ProfileInputError. */
export async function createProfile(pool: Pool, owner: ProfileOwner, input: ProfileInput): Promise<ProfileRecord> {
  const box = await secretBox(pool);
  const id = crypto.randomUUID();
  const row = await profiles.insertProfile(pool, {
    id,
    account_id: owner.accountId,
    sandbox: owner.sandbox,
    name: 'Default',
    status: 'ready',
    import_error: null,
    contact_sealed: null,
    eligibility_sealed: box.sealJson(normalize.eligibility({}), sealedFor('eligibility', id)),
    self_identification_sealed: box.sealJson(normalize.selfIdentification({}), sealedFor('self_identification', id)),
    location: normalize.location({}),
    links: normalize.links({}),
    work_experience: [],
    education: [],
    preferences: normalize.preferences({}),
    memories: [],
    imported_memories: [],
    cover_letter_template: null,
    ...writesFor(box, id, input),
  });
  return openRecord(box, row);
}

export async function getProfile(pool: Pool, owner: ProfileOwner, id: string): Promise<ProfileRecord | null> {
  const box = await secretBox(pool);
  const row = await profiles.findProfile(pool, owner, id);
  return row ? openRecord(box, row) : null;
}

export async function profileExists(db: Queryable, owner: ProfileOwner, id: string): Promise<boolean> {
  return (await profiles.findProfile(db, owner, id)) !== null;
}

/** A page of the owner's profiles, newest first, with each one's keyset position. */
export async function listProfiles(
  pool: Pool,
  owner: ProfileOwner,
  options: { after: { created_at: string; id: string } | null; limit: number },
): Promise<Array<ProfileRecord & { position: string }>> {
  const box = await secretBox(pool);
  const rows = await profiles.listProfiles(pool, owner, options);
  return rows.map((row) => ({ ...openRecord(box, row), position: row.position }));
}

/**
 * PATCH: each present section replaces the stored one, absent ones stay. A profile whose
 * import failed is usable again (ready) once patched. Null when it does not exist.
 */
export async function updateProfile(pool: Pool, owner: ProfileOwner, id: string, input: ProfileInput): Promise<ProfileRecord | null> {
  const box = await secretBox(pool);
  const writes = writesFor(box, id, input);
  return withTransaction(pool, async (client) => {
    const current = await profiles.findProfile(client, owner, id, { forUpdate: true });
    if (!current) return null;
    if (current.status === 'import_failed') Object.assign(writes, { status: 'ready', import_error: null });
    return openRecord(box, (await profiles.updateProfile(client, id, writes))!);
  });
}

export async function deleteProfile(pool: Pool, owner: ProfileOwner, id: string): Promise<boolean> {
  return profiles.deleteProfile(pool, owner, id);
}

/**
 * Stores a résumé (type already decided from its bytes) and queues its import in the same
 * transaction: the profile is `importing` exactly when a job for this upload exists.
 */
export async function uploadResume(
  pool: Pool,
  boss: PgBoss,
  owner: ProfileOwner,
  id: string,
  file: { file_name: string; content_type: ResumeContentType; bytes: Buffer },
): Promise<ProfileRecord | null> {
  const box = await secretBox(pool);
  const sealed = box.seal(file.bytes, sealedFor('resume', id));
  return withTransaction(pool, async (client) => {
    if (!(await profiles.findProfile(client, owner, id, { forUpdate: true }))) return null;
    const row = (await profiles.storeResume(client, id, { sealed, file_name: file.file_name, content_type: file.content_type, size_bytes: file.bytes.length }))!;
    await profileImportQueue.sendInTransaction(client, boss, { profile_id: id, resume_version: row.resume_version });
    return openRecord(box, row);
  });
}

/** The owner's stored résumé, opened; null when there is no such profile or no file. */
export async function readResume(db: Queryable, owner: profiles.ProfileOwner, id: string): Promise<ResumeFile | null> {
  const stored = await profiles.resumeOf(db, owner, id);
  if (!stored) return null;
  const box = await secretBox(db);
  return { file_name: stored.resume_file_name, content_type: stored.resume_content_type, bytes: box.open(stored.resume_sealed, sealedFor('resume', id)) };
}

/**
 * A profile as Auto Apply uses it (sessions, runs, the answerer): sections opened, the
 * résumé's bytes included. Live and sandbox profiles alike (`sandbox` says which); null
 * when the account has no such profile.
 */
export async function loadApplicantProfile(db: Queryable, accountId: string, profileId: string): Promise<ApplicantProfile | null> {
  const row = await profiles.findProfile(db, { accountId }, profileId);
  if (!row) return null;
  const record = openRecord(await secretBox(db), row);
  return { id: record.id, sandbox: record.sandbox, status: record.status, ...sectionsOf(record), resume: await readResume(db, { accountId }, profileId) };
}

// ------------------------------------------------------------------------------------------
// The import (apply/profiles/profile-import.ts runs it; workers/profile-import.ts queues it).

/** The résumé an import job is about, opened; null when the job is stale (a newer upload, the profile gone or no longer importing). */
export async function resumeToImport(pool: Pool, profileId: string, resumeVersion: number): Promise<Buffer | null> {
  const stored = await profiles.profileForImport(pool, profileId);
  if (!stored || stored.status !== 'importing' || stored.resume_version !== resumeVersion) return null;
  const box = await secretBox(pool);
  return box.open(stored.resume_sealed, sealedFor('resume', profileId));
}

export type ImportResult = { imported: ImportedResume } | { error: string };

/**
 * Writes an import's outcome in one transaction: the merged sections (import-merge.ts)
 * and `ready`, or `import_failed` with the reason and the sections untouched. Does nothing
 * (`stale`) unless the profile still waits for this very upload, so a retried or late job
 * changes nothing.
 */
export async function finishImport(pool: Pool, profileId: string, resumeVersion: number, result: ImportResult): Promise<'ready' | 'import_failed' | 'stale'> {
  const box = await secretBox(pool);
  return withTransaction(pool, async (client) => {
    const current = await profiles.lockProfile(client, profileId);
    if (!current || current.status !== 'importing' || current.resume_version !== resumeVersion) return 'stale';
    if ('error' in result) {
      await profiles.updateProfile(client, profileId, { status: 'import_failed', import_error: result.error });
      return 'import_failed';
    }
    const record = openRecord(box, current);
    const merged = mergeImport(
      {
        contact: record.contact,
        location: record.location,
        links: record.links,
        work_experience: record.work_experience,
        education: record.education,
        memories: current.memories,
        imported_memories: current.imported_memories,
      },
      result.imported,
    );
    await profiles.updateProfile(client, profileId, {
      status: 'ready',
      import_error: null,
      contact_sealed: merged.contact ? box.sealJson(merged.contact, sealedFor('contact', profileId)) : null,
      location: merged.location,
      links: merged.links,
      work_experience: merged.work_experience,
      education: merged.education,
      memories: merged.memories,
      imported_memories: merged.imported_memories,
    });
    return 'ready';
  });
}
