// How a résumé import lands on a profile. The import fills what the document gives and
// never erases what the profile has with nothing:
//   - contact, location, links: each field the résumé gives replaces the profile's; the
//     others stay. Contact is written only when the result has first name, last name and
//     email (what every contact needs); otherwise it stays as it was.
//   - work_experience, education: replaced as a whole when the résumé yields entries
//     (a résumé lists a career, merging two lists entry by entry would guess); kept when
//     it yields none.
//   - memories: the caller's stay; those of the previous import are replaced by this
//     import's (minus any the caller already has), after the caller's, within 100.
// eligibility, preferences, self_identification, name and cover letter are never touched.
import { PROFILE_LIMITS, type ImportedResume } from './profile.ts';
import { normalize, type NormalizedSections } from './profile-rules.ts';

export interface ImportTarget {
  contact: NormalizedSections['contact'];
  location: NormalizedSections['location'];
  links: NormalizedSections['links'];
  work_experience: NormalizedSections['work_experience'];
  education: NormalizedSections['education'];
  /** Written by the caller. */
  memories: string[];
  /** Added by the previous import. */
  imported_memories: string[];
}

/** Fields of `given` that carry a value (not null, undefined or blank). */
function present<T extends object>(given: T): Partial<T> {
  return Object.fromEntries(Object.entries(given).filter(([, value]) => value !== null && value !== undefined && value !== '')) as Partial<T>;
}

/** The sections after the import; `imported` as profile-rules.ts cleanImported leaves it. */
export function mergeImport(current: ImportTarget, imported: ImportedResume): ImportTarget {
  const contact = { ...(current.contact ?? {}), ...present(imported.contact) };
  const callerMemories = new Set(current.memories);
  const room = Math.max(0, PROFILE_LIMITS.memories - current.memories.length);
  return {
    contact: contact.first_name && contact.last_name && contact.email ? normalize.contact({ ...contact, first_name: contact.first_name, last_name: contact.last_name, email: contact.email }) : current.contact,
    location: normalize.location({ ...current.location, ...present(imported.location) }),
    links: normalize.links({ ...current.links, ...present(imported.links) }),
    work_experience: imported.work_experience.length > 0 ? imported.work_experience.map(normalize.work) : current.work_experience,
    education: imported.education.length > 0 ? imported.education.map(normalize.education) : current.education,
    memories: current.memories,
    imported_memories: [...new Set(imported.memories)].filter((memory) => !callerMemories.has(memory)).slice(0, room),
  };
}
