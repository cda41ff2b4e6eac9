// The applicant profile's sections (spec 2.10): one declaration shared by the profile store,
// the API schemas' handler types, the résumé import (which fills contact, links, work
// experience, education and memories) and the answerer that fills forms from a profile.
// Dates are the applicant's own and often partial: "YYYY-MM-DD", "YYYY-MM" or "YYYY".

export interface ProfileContact {
  first_name: string;
  last_name: string;
  preferred_name?: string | null;
  email: string;
  phone?: string | null;
  date_of_birth?: string | null;
}

export interface ProfileLocation {
  address_line1?: string | null;
  city?: string | null;
  state?: string | null;
  postal_code?: string | null;
  country?: string | null;
}

export interface ProfileLinks {
  linkedin?: string | null;
  github?: string | null;
  portfolio?: string | null;
  website?: string | null;
}

export interface WorkExperience {
  company: string | null;
  title: string | null;
  location?: string | null;
  start_date?: string | null;
  end_date?: string | null;
  is_current?: boolean;
  description?: string | null;
}

export interface Education {
  school: string | null;
  degree?: string | null;
  field_of_study?: string | null;
  start_date?: string | null;
  end_date?: string | null;
  gpa?: string | null;
}

export interface ProfileEligibility {
  work_authorized_countries?: string[];
  requires_sponsorship?: boolean | null;
}

export type PayPeriod = 'year' | 'month' | 'week' | 'day' | 'hour';
export type RemotePreference = 'remote' | 'hybrid' | 'onsite' | 'any';

export interface ProfilePreferences {
  salary_expectation?: { amount: number; currency: string; period: PayPeriod } | null;
  earliest_start_date?: string | null;
  willing_to_relocate?: boolean | null;
  remote_preference?: RemotePreference | null;
  preferred_locations?: string[];
}

/** Voluntary answers; an omitted field or `prefer_not_to_say` makes the applicant decline the question. */
export interface SelfIdentification {
  gender?: 'male' | 'female' | 'non_binary' | 'prefer_not_to_say' | null;
  ethnicity?:
    | 'american_indian_or_alaska_native'
    | 'asian'
    | 'black_or_african_american'
    | 'hispanic_or_latino'
    | 'native_hawaiian_or_pacific_islander'
    | 'white'
    | 'two_or_more_races'
    | 'prefer_not_to_say'
    | null;
  veteran_status?: 'protected_veteran' | 'not_a_veteran' | 'prefer_not_to_say' | null;
  disability_status?: 'yes' | 'no' | 'prefer_not_to_say' | null;
  lgbtq_status?: 'yes' | 'no' | 'prefer_not_to_say' | null;
}

/** Everything a caller writes (POST body; PATCH replaces each present key's whole section). */
export interface ProfileSections {
  name: string;
  contact: ProfileContact | null;
  location: ProfileLocation;
  links: ProfileLinks;
  work_experience: WorkExperience[];
  education: Education[];
  eligibility: ProfileEligibility;
  preferences: ProfilePreferences;
  self_identification: SelfIdentification;
  memories: string[];
  cover_letter_template: string | null;
}

/** What a résumé import reads from the document: the parts it fills on the profile. */
export interface ImportedResume {
  contact: Partial<ProfileContact>;
  location: ProfileLocation;
  links: ProfileLinks;
  work_experience: WorkExperience[];
  education: Education[];
  memories: string[];
}

export const PROFILE_LIMITS = {
  name: 100,
  workExperience: 50,
  education: 20,
  memories: 100,
  memoryLength: 1000,
  coverLetter: 10_000,
  linkUrl: 500,
  resumeBytes: 10 * 1024 * 1024,
} as const;

export type ProfileStatus = 'ready' | 'importing' | 'import_failed';

/** The stored résumé document, decrypted, as an upload answer needs it. */
export interface ResumeFile {
  file_name: string;
  content_type: string;
  bytes: Buffer;
}

/** A stored profile as Auto Apply uses it (sessions, runs, the answerer): sections decrypted. */
export interface ApplicantProfile extends ProfileSections {
  id: string;
  status: ProfileStatus;
  resume: ResumeFile | null;
  /**
   * A sandbox key's profile: sandbox profiles are kept apart from live ones (CONTRACT.md
   * "Keys and accounts"), so a live run should refuse one and a sandbox run a live one.
   * loadApplicantProfile always sets it.
   */
  sandbox?: boolean;
}
