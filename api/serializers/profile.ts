// The applicant profile of spec 2.10 as responses show it. Sections arrive opened and
// normalized from apply/profiles; the résumé is its description and where to download it.
import type { ProfileRecord } from '../../apply/profiles/profile-store.ts';
import { sectionsOf } from '../../apply/profiles/profile-rules.ts';
import { API_VERSION } from '../api-version.ts';
import type { Profile } from '../schemas/profiles.ts';
import { iso } from './time.ts';

export function profilePath(id: string): string {
  return `/api/auto-apply/profiles/${id}`;
}

export function serializeProfile(record: ProfileRecord): Profile {
  return {
    api_version: API_VERSION,
    id: record.id,
    status: record.status,
    import_error: record.import_error,
    ...sectionsOf(record),
    resume: record.resume && {
      file_name: record.resume.file_name,
      content_type: record.resume.content_type as NonNullable<Profile['resume']>['content_type'],
      size_bytes: record.resume.size_bytes,
      uploaded_at: iso(record.resume.uploaded_at),
      download_url: `${profilePath(record.id)}/resume`,
    },
    created_at: iso(record.created_at),
    updated_at: iso(record.updated_at),
  };
}
