// applicant_profiles (migration 018). Rows as stored: the sealed columns stay sealed here;
// apply/profiles/profile-store.ts seals, opens, validates and merges. The résumé's bytes
// are read only by the calls that need them (resumeOf), never by lists.
import type { Queryable } from './pool.ts';

/** The profile states (spec part 3); apply/profiles/profile.ts names the same union (db/ sits below apply/). */
export type ProfileStatus = 'ready' | 'importing' | 'import_failed';

/** The columns a write sets (sections, status); jsonb ones as JSON-ready values. */
export interface ProfileWrite {
  name: string;
  status: ProfileStatus;
  import_error: string | null;
  contact_sealed: Buffer | null;
  eligibility_sealed: Buffer;
  self_identification_sealed: Buffer;
  location: unknown;
  links: unknown;
  work_experience: unknown[];
  education: unknown[];
  preferences: unknown;
  memories: string[];
  imported_memories: string[];
  cover_letter_template: string | null;
}

/** A stored row: what a write sets, plus identity, the résumé's description and timestamps. */
export interface ProfileRow extends ProfileWrite {
  id: string;
  account_id: string;
  sandbox: boolean;
  resume_version: number;
  resume_file_name: string | null;
  resume_content_type: string | null;
  resume_size_bytes: number | null;
  resume_uploaded_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

const JSONB_COLUMNS = new Set<keyof ProfileWrite>(['location', 'links', 'work_experience', 'education', 'preferences', 'memories', 'imported_memories']);

/** Every column but the résumé's bytes. */
const COLUMNS = `id, account_id, sandbox, name, status, import_error, contact_sealed, eligibility_sealed,
  self_identification_sealed, location, links, work_experience, education, preferences, memories,
  imported_memories, cover_letter_template, resume_version, resume_file_name, resume_content_type,
  resume_size_bytes, resume_uploaded_at, created_at, updated_at`;

/** Whose profiles a call reaches: an account's live or sandbox ones (`sandbox` undefined: either). */
export interface ProfileOwner {
  accountId: string;
  sandbox?: boolean;
}

// pg would send a JS array as a PostgreSQL array, not JSON.
function parameter(column: keyof ProfileWrite, value: unknown): unknown {
  return JSONB_COLUMNS.has(column) ? JSON.stringify(value) : value;
}

export async function insertProfile(db: Queryable, row: ProfileWrite & { id: string; account_id: string; sandbox: boolean }): Promise<ProfileRow> {
  const entries = Object.entries(row) as Array<[keyof ProfileWrite, unknown]>;
  const { rows } = await db.query<ProfileRow>(
    `INSERT INTO applicant_profiles (${entries.map(([column]) => column).join(', ')})
     VALUES (${entries.map((_, index) => `$${index + 1}`).join(', ')})
     RETURNING ${COLUMNS}`,
    entries.map(([column, value]) => parameter(column, value)),
  );
  return rows[0]!;
}

export async function findProfile(db: Queryable, owner: ProfileOwner, id: string, options: { forUpdate?: boolean } = {}): Promise<ProfileRow | null> {
  const { rows } = await db.query<ProfileRow>(
    `SELECT ${COLUMNS} FROM applicant_profiles
      WHERE id = $1 AND account_id = $2 AND ($3::boolean IS NULL OR sandbox = $3)
      ${options.forUpdate ? 'FOR UPDATE' : ''}`,
    [id, owner.accountId, owner.sandbox ?? null],
  );
  return rows[0] ?? null;
}

/** The profile, locked until the transaction ends (the import's write). */
export async function lockProfile(db: Queryable, id: string): Promise<ProfileRow | null> {
  const { rows } = await db.query<ProfileRow>(`SELECT ${COLUMNS} FROM applicant_profiles WHERE id = $1 FOR UPDATE`, [id]);
  return rows[0] ?? null;
}

/** A page of the owner's profiles, newest first, after the keyset position `after`. */
export async function listProfiles(
  db: Queryable,
  owner: Required<ProfileOwner>,
  options: { after: { created_at: string; id: string } | null; limit: number },
): Promise<Array<ProfileRow & { position: string }>> {
  // The position keeps created_at's microseconds, which a Date would drop.
  const { rows } = await db.query<ProfileRow & { position: string }>(
    `SELECT ${COLUMNS}, created_at::text AS position FROM applicant_profiles
      WHERE account_id = $1 AND sandbox = $2
        AND ($3::timestamptz IS NULL OR (created_at, id) < ($3, $4::uuid))
      ORDER BY created_at DESC, id DESC
      LIMIT $5`,
    [owner.accountId, owner.sandbox, options.after?.created_at ?? null, options.after?.id ?? null, options.limit],
  );
  return rows;
}

/** Sets `changes` on the profile (and updated_at); null when it does not exist. */
export async function updateProfile(db: Queryable, id: string, changes: Partial<ProfileWrite>): Promise<ProfileRow | null> {
  const entries = Object.entries(changes) as Array<[keyof ProfileWrite, unknown]>;
  const { rows } = await db.query<ProfileRow>(
    `UPDATE applicant_profiles SET ${entries.map(([column], index) => `${column} = $${index + 2}`).join(', ')}${entries.length ? ', ' : ''}updated_at = now()
      WHERE id = $1
      RETURNING ${COLUMNS}`,
    [id, ...entries.map(([column, value]) => parameter(column, value))],
  );
  return rows[0] ?? null;
}

export async function deleteProfile(db: Queryable, owner: Required<ProfileOwner>, id: string): Promise<boolean> {
  const { rowCount } = await db.query('DELETE FROM applicant_profiles WHERE id = $1 AND account_id = $2 AND sandbox = $3', [id, owner.accountId, owner.sandbox]);
  return (rowCount ?? 0) > 0;
}

/** Stores a new résumé (sealed): the profile is `importing` under the next résumé version. */
export async function storeResume(
  db: Queryable,
  id: string,
  file: { sealed: Buffer; file_name: string; content_type: string; size_bytes: number },
): Promise<ProfileRow | null> {
  const { rows } = await db.query<ProfileRow>(
    `UPDATE applicant_profiles
        SET resume_version = resume_version + 1, resume_sealed = $2, resume_file_name = $3, resume_content_type = $4,
            resume_size_bytes = $5, resume_uploaded_at = now(), status = 'importing', import_error = NULL, updated_at = now()
      WHERE id = $1
      RETURNING ${COLUMNS}`,
    [id, file.sealed, file.file_name, file.content_type, file.size_bytes],
  );
  return rows[0] ?? null;
}

export interface StoredResume {
  resume_version: number;
  resume_sealed: Buffer;
  resume_file_name: string;
  resume_content_type: string;
}

/** The stored résumé of a profile (sealed), or null when the profile or its file does not exist. */
export async function resumeOf(db: Queryable, owner: ProfileOwner, id: string): Promise<StoredResume | null> {
  const { rows } = await db.query<StoredResume>(
    `SELECT resume_version, resume_sealed, resume_file_name, resume_content_type FROM applicant_profiles
      WHERE id = $1 AND account_id = $2 AND ($3::boolean IS NULL OR sandbox = $3) AND resume_sealed IS NOT NULL`,
    [id, owner.accountId, owner.sandbox ?? null],
  );
  return rows[0] ?? null;
}

/** The import's view of a profile: whose it is and which résumé version it holds. */
export async function profileForImport(db: Queryable, id: string): Promise<(StoredResume & { account_id: string; status: ProfileStatus }) | null> {
  const { rows } = await db.query<StoredResume & { account_id: string; status: ProfileStatus }>(
    `SELECT account_id, status, resume_version, resume_sealed, resume_file_name, resume_content_type
       FROM applicant_profiles WHERE id = $1 AND resume_sealed IS NOT NULL`,
    [id],
  );
  return rows[0] ?? null;
}
