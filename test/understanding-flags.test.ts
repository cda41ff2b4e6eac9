// The sponsorship / work authorization / clearance flags (crawlers/understanding/flags.ts): true
// or false only where a posting says so, in the wording real postings use; null otherwise, and
// untouched by equal-opportunity and E-Verify boilerplate that merely mentions citizenship.
import t from 'tap';
import { flagsOf } from '../crawlers/understanding/flags.ts';

const sponsor = (text: string) => flagsOf(text).is_h1b_sponsor;
const workAuth = (text: string) => flagsOf(text).is_work_auth_required;
const clearance = (text: string) => flagsOf(text).is_clearance_required;

t.test('visa sponsorship: stated no', async (t) => {
  for (const text of [
    'We are unable to sponsor or take over sponsorship of an employment Visa at this time.',
    'This position is not eligible for visa sponsorship.',
    'Acme does not provide visa sponsorship for this role.',
    'No visa sponsorship is available for this position.',
    'Please note that we will not sponsor applicants for work visas.',
    'Candidates who now or in the future require sponsorship for employment visa status will not be considered.',
    '- Must be able to work in the US without sponsorship now or in the future',
    'Leider können wir kein Visa-Sponsoring anbieten.',
    'No ofrecemos patrocinio de visa para esta posición.',
    'We are **not** currently able to sponsor visas for fellows.',
    'We are not yet able to offer visa sponsorship.',
  ]) t.equal(sponsor(text), false, text);
});

t.test('a role-specific refusal beats the company-wide offer beside it', async (t) => {
  const text = '**Visa Sponsorship:** We are **not** currently able to sponsor visas for fellows.\n\n**Visa sponsorship:** We do sponsor visas! However, we aren\'t able to successfully sponsor visas for every role.';
  t.equal(sponsor(text), false);
});

t.test('a statement scoped to other positions says nothing about this one', async (t) => {
  const text =
    '- **Relocation support** (up to 10k) available for those choosing to move to France.\n\nNote: Visa sponsorship and relocation support are only available for positions based in France. We cannot sponsor visas for remote positions outside of France.';
  t.equal(sponsor(text), null);
  t.equal(sponsor('We cannot sponsor visas for roles based outside the US. Applicants must be authorized to work in the US.'), null);
  t.equal(sponsor('Visa sponsorship is only available for roles in our Berlin office. We are unable to sponsor visas for this position.'), false);
});

t.test('visa sponsorship: stated yes', async (t) => {
  for (const text of [
    'Visa sponsorship is available for this position.',
    'We sponsor H-1B visas and offer relocation support.',
    'Stripe will sponsor visas for this role.',
    '- Relocation and visa support provided',
    'Wir bieten Visa-Unterstützung und Hilfe beim Umzug.',
  ]) t.equal(sponsor(text), true, text);
});

t.test('work authorization: stated as required', async (t) => {
  for (const text of [
    'Applicants must be authorized to work for any employer in the U.S.',
    'Must be legally authorized to work in the United States.',
    'Candidates must have the right to work in the UK.',
    'You must be eligible to work in the EU.',
    'Eine gültige Arbeitserlaubnis für Deutschland ist Voraussetzung.',
    'Arbeitserlaubnis erforderlich.',
    'Vous devez être autorisé(e) à travailler en France.',
    'Debes contar con permiso de trabajo en España.',
    'Posiadasz pozwolenie na pracę w Polsce.',
    'Must be able to work in the US without sponsorship.',
    'U.S. citizenship is required.',
  ]) t.equal(workAuth(text), true, text);
  t.equal(workAuth('Work authorization is not required for this contractor role.'), false);
});

t.test('clearance: stated as required (ability to obtain one counts)', async (t) => {
  for (const text of [
    'Active TS/SCI clearance required.',
    '- Active TS/SCI with polygraph',
    'Must be able to obtain and maintain a Secret clearance.',
    'Security clearance is required for this role.',
    'Applicants must currently hold an active DoD Top Secret clearance.',
    'Must hold or be willing to undergo SC clearance.',
    'Bereitschaft zur Sicherheitsüberprüfung nach SÜG (Ü2)',
    'Poste nécessitant une habilitation secret défense.',
  ]) t.equal(clearance(text), true, text);
});

t.test('clearance: stated as not required', async (t) => {
  for (const text of ['No security clearance required.', 'Clearance Level: None', 'This role does not require a security clearance.']) t.equal(clearance(text), false, text);
});

t.test('boilerplate and look-alikes set nothing', async (t) => {
  const none = { is_h1b_sponsor: null, is_work_auth_required: null, is_clearance_required: null };
  for (const text of [
    'Acme is an equal opportunity employer. We do not discriminate on the basis of race, religion, color, national origin, citizenship, immigration status, sex, age or disability.',
    'Acme participates in E-Verify and will provide the federal government with your Form I-9 information to confirm that you are authorized to work in the U.S.',
    'Applicants selected will be subject to a government security investigation and must meet eligibility requirements for access to classified information.',
    '- 5+ years of experience with customs clearance and freight forwarding',
    'We can help you obtain a work permit for Germany.',
    'Company-sponsored health insurance, sponsored team events and a Visa corporate card.',
    'You will work closely with our product team and are able to work independently.',
    '',
  ]) t.same(flagsOf(text), none, text);
});

t.test('phrasings from real postings', async (t) => {
  const cases: Array<[string, Partial<ReturnType<typeof flagsOf>>]> = [
    ['- U.S. citizenship is a precondition of employment.', { is_h1b_sponsor: false, is_work_auth_required: true }],
    [
      'To conform to U.S. Government space technology export regulations, including the International Traffic in Arms Regulations (ITAR) you must be a U.S. citizen, lawful permanent resident of the U.S., protected individual as defined by 8 U.S.C. 1324b(a)(3), or eligible to obtain the required authorizations from the U.S. Department of State.',
      { is_h1b_sponsor: null, is_work_auth_required: true },
    ],
    [
      'Ontic does not provide sponsorship for employment visas or work authorization for this role. Applicants must be legally authorized to work in the US without requiring sponsorship, now or in the future',
      { is_h1b_sponsor: false, is_work_auth_required: true },
    ],
    [
      '- Work authorization for employment in the United States is required (CPT/OPT is accepted) - visa sponsorship and relocation to the US is unavailable',
      { is_h1b_sponsor: false, is_work_auth_required: true },
    ],
    ['This position is hybrid and you must be living in Paris, France and have work authorization for France to be eligible.', { is_work_auth_required: true }],
    [
      '- This position is open to candidates who are authorized to work in Singapore without requiring work pass sponsorship only.',
      { is_h1b_sponsor: false, is_work_auth_required: true },
    ],
    ['- Applicants must be **based in the UK and have the right to work in England**', { is_work_auth_required: true }],
    ['- Authorization to work in the United States.', { is_work_auth_required: true }],
    ['**\\* Sponsorship for employment visa status is NOT available for this position, including anyone on an F-1 student visa.**', { is_h1b_sponsor: false }],
    [
      'This role is not eligible for visa sponsorship, meaning you will need to be able to secure and maintain work authorization without the need for a written submission by the company.',
      { is_h1b_sponsor: false, is_work_auth_required: true },
    ],
    ['- We pay in the DAI a stable coin, so no need to worry about work permits.', { is_work_auth_required: false }],
    ['- Active UK Security clearance, or eligibility and willingness to obtain a UK Security clearance is beneficial but not necessary', { is_clearance_required: false }],
    ['**Clearance Level Must Currently Possess:**\n\nNone\n\n**US Citizenship Required:**\n\nNo', { is_clearance_required: false, is_work_auth_required: null }],
    ['We can sponsor visas to Germany; for any other country, you need to have existing right to work.', { is_h1b_sponsor: true, is_work_auth_required: null }],
  ];
  for (const [text, expected] of cases) t.match(flagsOf(text), expected, text);
});

t.test('a whole posting: each flag from its own line', async (t) => {
  const markdown = `**About the role**

You'll build tooling for our defense customers.

**Requirements**

- 5+ years of experience with C++
- Must be a U.S. citizen and able to obtain a Secret clearance

**Additional information**

We are unable to sponsor visas for this role.

Acme is an equal opportunity employer and does not discriminate on the basis of citizenship.`;
  t.same(flagsOf(markdown), { is_h1b_sponsor: false, is_work_auth_required: true, is_clearance_required: true });
});
