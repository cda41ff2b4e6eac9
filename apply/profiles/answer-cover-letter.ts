// The cover letter from the profile's `cover_letter_template`. Placeholders are written
// `{{name}}` (spaces inside the braces allowed: `{{ company_name }}`); the names are:
//
//   first_name, last_name, full_name, preferred_name (the preferred name, else the first
//   name), email, phone, city, country, company_name, job_title, current_title,
//   current_company, linkedin, github, portfolio, website
//
// A placeholder whose value is unknown for this job (no company name, no title, no phone...)
// or whose name is not in the list makes the letter unusable: it is never sent with a blank
// or with the braces left in (the question is then unanswered when the form requires it).
import type { ApplicantProfile } from './profile.ts';
import { countryName, profileCountry } from './answer-places.ts';

export interface CoverLetterJob {
  company_name: string | null;
  title: string | null;
}

export const PLACEHOLDER = /\{\{\s*([A-Za-z_]+)\s*\}\}/g;

function values(applicant: ApplicantProfile, job: CoverLetterJob): Record<string, string | null | undefined> {
  const contact = applicant.contact;
  const current = applicant.work_experience.find((entry) => entry.is_current);
  const country = profileCountry(applicant.location);
  return {
    first_name: contact?.first_name,
    last_name: contact?.last_name,
    full_name: contact ? `${contact.first_name} ${contact.last_name}`.trim() : null,
    preferred_name: contact?.preferred_name || contact?.first_name,
    email: contact?.email,
    phone: contact?.phone,
    city: applicant.location?.city,
    country: country ? countryName(country) : applicant.location?.country,
    company_name: job.company_name,
    job_title: job.title,
    current_title: current?.title,
    current_company: current?.company,
    linkedin: applicant.links?.linkedin,
    github: applicant.links?.github,
    portfolio: applicant.links?.portfolio,
    website: applicant.links?.website,
  };
}

/** The letter with its placeholders filled, or why it cannot be sent. */
export function coverLetter(applicant: ApplicantProfile, job: CoverLetterJob): { text: string } | { reason: string } {
  const template = applicant.cover_letter_template;
  if (!template || template.trim() === '') return { reason: 'the profile has no cover letter template' };
  const known = values(applicant, job);
  const unknown = new Set<string>();
  const missing = new Set<string>();
  const text = template.replace(PLACEHOLDER, (whole, name: string) => {
    const key = name.toLowerCase();
    if (!(key in known)) {
      unknown.add(name);
      return whole;
    }
    const value = known[key]?.trim();
    if (!value) {
      missing.add(key);
      return whole;
    }
    return value;
  });
  if (unknown.size > 0) return { reason: `the cover letter template uses unknown placeholders: ${[...unknown].map((name) => `{{${name}}}`).join(', ')}` };
  if (missing.size > 0) return { reason: `the cover letter template needs ${[...missing].map((name) => `{{${name}}}`).join(', ')}, which is unknown for this application` };
  return { text: text.trim() };
}
