// Auto Apply: stored applicant profiles and their résumés (spec 2.10, 4.6; CONTRACT.md
// "Auto Apply: sessions, runs, profiles, mailboxes"). A key reaches its account's profiles
// only (a sandbox key its sandbox ones); any other id is a 404.
import { defineRoute, type ResponseSpec, type Route } from '../routing/route.ts';
import { FREE, KEYS } from '../gateway/policy.ts';
import { ProblemSchema } from '../schemas/errors.ts';
import { Type } from '../schemas/registry.ts';
import { ProfileListSchema, ProfileSchema, RESUME_CONTENT_TYPES, listProfilesQuerySchema, profileBodySchema, resumeUploadSchema } from '../schemas/profiles.ts';
import { createOwnProfile, downloadOwnResume, listOwnProfiles, patchOwnProfile, profileOwner, readOwnProfile, uploadOwnResume } from '../profiles/handlers.ts';
import { deleteProfile } from '../../apply/profiles/profile-store.ts';
import { PROFILE_LIMITS } from '../../apply/profiles/profile.ts';
import { profileNotFound } from '../profiles/problems.ts';

const TAGS = ['Auto Apply profiles'];
const idParams = Type.Object({ id: Type.String({ format: 'uuid' }) });
const problem = (description: string): ResponseSpec => ({ description, contentType: 'application/problem+json', schema: ProblemSchema });
// Part 8 names AutoApplyManagement for Auto Apply's list and get; writes fall in Default.
const READ = { keys: KEYS.autoApply, group: 'AutoApplyManagement', price: FREE } as const;
const WRITE = { keys: KEYS.autoApply, group: 'Default', price: FREE } as const;
const MiB = PROFILE_LIMITS.resumeBytes / 1024 / 1024;

const PROFILE_LINKS = {
  GetProfile: { operationId: 'getProfile', parameters: { id: '$response.body#/id' } },
  UpdateProfile: { operationId: 'updateProfile', parameters: { id: '$response.body#/id' } },
  UploadProfileResume: { operationId: 'uploadProfileResume', parameters: { id: '$response.body#/id' } },
  DeleteProfile: { operationId: 'deleteProfile', parameters: { id: '$response.body#/id' } },
};

const BODY_RULES =
  'Limits: name 100 characters; 50 work entries; 20 education entries; 100 memories of 1000 characters; cover letter 10000; links absolute http(s) URLs of at most 500 characters; dates YYYY, YYYY-MM or YYYY-MM-DD. A well-formed value that breaks one of these rules is a 422 `unprocessable_request`, a wrong type or unknown field a 400 `invalid_request`; either way `errors` name the field (`work_experience[3].company`).';

const RULE_BREAK = '`unprocessable_request`: a limit, format, enum or required part broken; `errors` name each field.';

export const profileRoutes: Route[] = [
  defineRoute({
    method: 'POST',
    path: '/api/auto-apply/profiles',
    operationId: 'createProfile',
    summary: 'Create an applicant profile',
    description: `Absent sections start empty; \`name\` defaults to \`Default\`; \`contact\`, when sent, needs first_name, last_name and email. ${BODY_RULES}`,
    tags: TAGS,
    gateway: WRITE,
    request: { body: profileBodySchema, bodyRequired: false },
    responses: {
      201: {
        description: 'Created.',
        schema: ProfileSchema,
        headers: { Location: { description: 'The profile: /api/auto-apply/profiles/{id}.', schema: { type: 'string' } } },
        links: PROFILE_LINKS,
      },
      422: problem(RULE_BREAK),
    },
    handler: (ctx, { body }) => createOwnProfile(ctx, body ?? {}),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/auto-apply/profiles',
    operationId: 'listProfiles',
    summary: "The account's applicant profiles, newest first",
    tags: TAGS,
    gateway: READ,
    request: { query: listProfilesQuerySchema },
    responses: { 200: { description: 'A page of profiles.', schema: ProfileListSchema } },
    handler: (ctx, { query }) => listOwnProfiles(ctx, query),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/auto-apply/profiles/{id}',
    operationId: 'getProfile',
    summary: 'One applicant profile',
    description: 'Poll this while `status` is `importing`.',
    tags: TAGS,
    gateway: READ,
    request: { params: idParams },
    responses: { 200: { description: 'The profile.', schema: ProfileSchema, links: PROFILE_LINKS } },
    handler: (ctx, { params }) => readOwnProfile(ctx, params.id),
  }),
  defineRoute({
    method: 'PATCH',
    path: '/api/auto-apply/profiles/{id}',
    operationId: 'updateProfile',
    summary: 'Replace sections of an applicant profile',
    description: `Each top-level key present replaces that whole section; absent keys are untouched. Send {} or [] to clear a section; \`contact\` cannot be cleared and always needs first_name, last_name and email. \`cover_letter_template\`: "" clears it. A profile in \`import_failed\` becomes \`ready\`. ${BODY_RULES}`,
    tags: TAGS,
    gateway: WRITE,
    request: { params: idParams, body: profileBodySchema },
    responses: { 200: { description: 'The updated profile.', schema: ProfileSchema, links: PROFILE_LINKS }, 422: problem(RULE_BREAK) },
    handler: (ctx, { params, body }) => patchOwnProfile(ctx, params.id, body),
  }),
  defineRoute({
    method: 'DELETE',
    path: '/api/auto-apply/profiles/{id}',
    operationId: 'deleteProfile',
    summary: 'Delete an applicant profile and its résumé',
    tags: TAGS,
    gateway: WRITE,
    request: { params: idParams },
    responses: { 204: { description: 'Deleted.' } },
    handler: async (ctx, { params }) => {
      if (!(await deleteProfile(ctx.services.pool, profileOwner(ctx), params.id))) throw profileNotFound(params.id);
      ctx.status = 204;
    },
  }),
  defineRoute({
    method: 'PUT',
    path: '/api/auto-apply/profiles/{id}/resume',
    operationId: 'uploadProfileResume',
    summary: "Upload the profile's résumé and import it",
    description: `multipart/form-data with the file in the part \`file\`: a PDF or DOCX, judged by its bytes (a PDF starts with %PDF-; a DOCX is a ZIP archive holding word/document.xml), at most ${MiB} MiB. Replaces any earlier file. The profile answers \`importing\` (202) until the import fills contact, location, links, work experience, education and memories from it (\`ready\`), or fails (\`import_failed\` with \`import_error\`): poll GET /api/auto-apply/profiles/{id}.`,
    tags: TAGS,
    gateway: WRITE,
    request: { params: idParams, upload: { schema: resumeUploadSchema, encoding: { file: { contentType: RESUME_CONTENT_TYPES.join(', ') } } } },
    responses: {
      202: { description: 'Stored; the import is queued.', schema: ProfileSchema, links: PROFILE_LINKS },
      413: problem(`\`payload_too_large\`: the file is over ${MiB} MiB.`),
      415: problem('`unsupported_media_type`: the body is not multipart/form-data.'),
      422: problem('`unsupported_file_type`: the file is neither a PDF nor a DOCX (or is empty).'),
    },
    handler: (ctx, { params }) => {
      ctx.status = 202;
      return uploadOwnResume(ctx, params.id);
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/api/auto-apply/profiles/{id}/resume',
    operationId: 'downloadProfileResume',
    summary: "Download the profile's résumé",
    description: 'The file as uploaded, with its type (from its bytes) and its name in Content-Disposition. 404 when the profile has no résumé.',
    tags: TAGS,
    gateway: READ,
    request: { params: idParams },
    responses: {
      200: {
        description: 'The file.',
        files: RESUME_CONTENT_TYPES,
        headers: { 'Content-Disposition': { description: 'attachment; filename="<the uploaded name>"', schema: { type: 'string' } } },
      },
    },
    handler: (ctx, { params }) => downloadOwnResume(ctx, params.id),
  }),
];
