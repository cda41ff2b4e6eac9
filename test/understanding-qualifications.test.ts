// Qualifications (crawlers/understanding/qualifications.ts, spec 2.5) from a posting's sections:
// must-have vs preferred skills, degree clauses in five languages, named certifications, the
// fallback for postings without a requirements heading, the tools responsibilities name, and what
// never counts.
import t from 'tap';
import { qualificationsOf } from '../crawlers/understanding/qualifications.ts';
import { sectionsOf } from '../crawlers/understanding/sections.ts';

const of = (markdown: string) => qualificationsOf(sectionsOf(markdown));
const hard = (name: string) => ({ name, type: 'hard' });
const soft = (name: string) => ({ name, type: 'soft' });

t.test('an English posting: requirements, an inline "is a plus", preferred qualifications', async (t) => {
  t.same(
    of(`**What you'll do**

- Build services in Go on Google Cloud Platform

**What you bring**

- 5+ years of experience with Python and SQL
- Bachelor's degree in Computer Science or related field, or equivalent practical experience
- Excellent written and verbal communication skills
- Experience with Kafka is a plus

**Preferred qualifications**

- Master's degree preferred
- Experience with Go or Rust
- Strong Python skills
- AWS Certified Solutions Architect – Associate

**Benefits**

- Slack, Notion and a MacBook Pro`),
    {
      must_have: {
        education: ["Bachelor's degree in Computer Science or related field"],
        certifications: [],
        skills: [hard('Python'), hard('SQL'), soft('Communication'), hard('Google Cloud Platform')],
      },
      preferred: {
        education: ["Master's degree"],
        certifications: ['AWS Certified Solutions Architect – Associate'],
        skills: [hard('Apache Kafka'), hard('Go'), hard('Rust'), hard('AWS')],
      },
    },
    'Python is only a must-have; the platform the work uses (GCP) is one, Go stays a preference; benefits (Slack, Notion) add nothing',
  );
});

t.test('degree clauses in five languages, trimmed to the degree', async (t) => {
  const cases: Array<[string, string]> = [
    ["Bachelor's degree in Computer Science or related field, or equivalent practical experience", "Bachelor's degree in Computer Science or related field"],
    ['BS/MS in Computer Science, Engineering, or a related technical field', 'BS/MS in Computer Science, Engineering, or a related technical field'],
    ["A Bachelor's or Master's degree in Statistics and 3+ years of experience in analytics", "Bachelor's or Master's degree in Statistics"],
    ['Degree in Economics; CFA a plus', 'Degree in Economics'],
    ['B.S. in Computer Science. 3+ years of experience', 'B.S. in Computer Science'],
    ['Ph.D. in Physics', 'Ph.D. in Physics'],
    ['High school diploma or GED required', 'High school diploma or GED'],
    ['PhD in Machine Learning (or close to completion)', 'PhD in Machine Learning'],
    ['Abgeschlossenes Studium der Informatik oder eine vergleichbare Qualifikation', 'Studium der Informatik'],
    ['Erfolgreich abgeschlossenes Hochschulstudium im Bereich Wirtschaftsinformatik', 'Hochschulstudium im Bereich Wirtschaftsinformatik'],
    ['Abgeschlossene Berufsausbildung als Fachinformatiker für Anwendungsentwicklung', 'Abgeschlossene Berufsausbildung als Fachinformatiker für Anwendungsentwicklung'],
    ["Diplômé(e) d'une école d'ingénieur ou Bac+5 en informatique", "Diplômé(e) d'une école d'ingénieur ou Bac+5 en informatique"],
    ['Licence/Master en informatique', 'Licence/Master en informatique'],
    ['Título universitario en Ingeniería Informática o similar', 'Título universitario en Ingeniería Informática o similar'],
    ['Licenciatura en Administración de Empresas, Economía o afines', 'Licenciatura en Administración de Empresas, Economía o afines'],
    ['Wykształcenie wyższe techniczne (informatyka, elektronika)', 'Wykształcenie wyższe techniczne'],
  ];
  for (const [item, degree] of cases) t.same(of(`**Requirements**\n\n- ${item}`).must_have.education, [degree], item);
});

t.test('not degrees: "a high degree of", "360-degree", "Scrum Master"', async (t) => {
  const got = of('**Requirements**\n\n- A high degree of autonomy and ownership\n- Comfortable with 360-degree feedback\n- Experience as a Scrum Master');
  t.same(got.must_have.education, []);
});

t.test('named certifications and "certification in X"', async (t) => {
  const got = of(`**Qualifications**

- PMP or PRINCE2 certification
- CISSP, CISM or CompTIA Security+ certification
- Active RN license in the state of California
- Certified Kubernetes Administrator (CKA)
- The customer success manager (CSM) role is new

**Nice to have**

- CPA preferred
- Relevant AWS certification
- Certification in Project Management`);
  t.same(got.must_have.certifications, ['PMP', 'PRINCE2', 'CISSP', 'CISM', 'CompTIA Security+', 'RN license', 'CKA']);
  t.same(got.preferred.certifications, ['CPA', 'AWS certification', 'Certification in Project Management']);
});

t.test('German, Spanish and Polish requirements', async (t) => {
  t.same(
    of(`**Dein Profil**

- Mehrjährige Erfahrung mit Java und Spring Boot
- Erfahrung mit Docker und Kubernetes ist von Vorteil
- Teamfähigkeit und Kommunikationsstärke`),
    {
      must_have: { education: [], certifications: [], skills: [hard('Java'), hard('Spring Boot'), soft('Teamwork'), soft('Communication')] },
      preferred: { education: [], certifications: [], skills: [hard('Docker'), hard('Kubernetes')] },
    },
  );
  t.same(
    of('**Requisitos**\n\n- Dominio de Excel avanzado y SAP\n- Se valorará certificación en Six Sigma Green Belt'),
    {
      must_have: { education: [], certifications: [], skills: [hard('Microsoft Excel'), hard('SAP')] },
      preferred: { education: [], certifications: ['Six Sigma Green Belt'], skills: [hard('Six Sigma')] },
    },
  );
  t.same(of('**Wymagania:**\n\n- Znajomość SQL i Git\n\n**Mile widziane:**\n\n- Doświadczenie z Apache Airflow').preferred.skills, [hard('Apache Airflow')]);
});

t.test('no requirements heading: list items that read like requirements count', async (t) => {
  t.same(
    of(`Acme builds software for dentists.

- 3+ years of experience with React and TypeScript
- A degree in Computer Science or a related field
- Experience with GraphQL (preferred)
- You will build our new patient portal on AWS

**Benefits**

- Learning budget for Kubernetes courses`),
    {
      must_have: { education: ['Degree in Computer Science or a related field'], certifications: [], skills: [hard('React'), hard('TypeScript')] },
      preferred: { education: [], certifications: [], skills: [hard('GraphQL')] },
    },
    'the responsibility bullet (AWS) and the benefits (Kubernetes) do not count',
  );
  t.same(of('**Requirements**\n\n- SQL\n\nOur team uses Python and dbt every day.').must_have.skills, [hard('SQL')], 'with a requirements heading, other text does not count');
});

t.test('responsibilities add the tools the work uses, named as products, not the practices a duty describes', async (t) => {
  t.same(
    of(`**What you'll do**

- Build revenue dashboards in Looker and Salesforce
- Collaborate with finance on risk management and process improvement
- Maintain dbt models

**Requirements**

- 3+ years of experience with SQL
- Salesforce admin experience is a plus`),
    {
      must_have: { education: [], certifications: [], skills: [hard('SQL'), hard('Looker')] },
      preferred: { education: [], certifications: [], skills: [hard('Salesforce')] },
    },
    'Looker is used; Salesforce is only preferred; "collaborate", "risk management" and lower-case dbt in a duty line do not count',
  );
});

t.test('duties name techniques in lower case too, and nothing else of that kind', async (t) => {
  t.same(
    of(`**What you'll do**

- Investigate transaction monitoring alerts and own unit testing for the rules engine
- Drive root cause analysis and process improvement with the team

**Requirements**

- 2+ years in financial crime`),
    {
      must_have: { education: [], certifications: [], skills: [hard('Financial Crime'), hard('Transaction Monitoring'), hard('Unit Testing')] },
      preferred: { education: [], certifications: [], skills: [] },
    },
    'a technique by its name ("... testing", "... monitoring") counts; analyses and improvements in a duty are the work itself',
  );
});

t.test('the person sought, wherever the posting describes them', async (t) => {
  const skills = (markdown: string) => of(markdown).must_have.skills.map((skill) => skill.name);
  t.same(
    skills(`**About the team**

The Product Legal team advises on new launches. We're looking for someone who is a team player and comfortable working with ambiguity.

**What you'll do**

- Counsel product teams on consumer protection law

**Minimum requirements**

- 8+ years of legal experience`),
    ['Teamwork', 'Ambiguity Tolerance'],
  );
  t.same(
    skills(`We are looking for a Senior AI Engineer to join our Chat Group, building the recruiting assistants of the future.

**Requirements**

- Python`),
    ['Python'],
    'a sentence that names the role, not the person, adds nothing',
  );
});

t.test('duties lines written as requirements, tool lists, and requirements inside an unclassified part', async (t) => {
  const skills = (markdown: string) => of(markdown).must_have.skills.map((skill) => skill.name);
  t.same(
    skills(`**Responsibilities**

- Help customers reach their goals through digital coaching
- Excellent communication skills
- High level of empathy and strong interpersonal skills`),
    ['Communication', 'Empathy', 'Interpersonal Skills'],
    'the duty names no tool; the requirement-shaped lines count in full',
  );
  t.same(
    skills(`**Technologies We Use**

- Docker and Kubernetes for containerization and orchestration
- Industry-standard build tooling, including Gradle and GitHub

**What We Value**

- Experience building high-quality software in a fast-paced CI/CD development environment`),
    ['CI/CD', 'Docker', 'Kubernetes', 'Containerization', 'Gradle', 'GitHub'],
    'a list of the stack is read whole',
  );
  const all = (markdown: string) => [...of(markdown).must_have.skills, ...of(markdown).preferred.skills].map((skill) => skill.name);
  t.same(
    all(`**Job Description**

The ideal candidate should have strong expertise in TypeScript and Docker. Experience with .NET technologies is highly desirable.

**Here is all the tea on FamApp**

FamApp provides UPI & card payments to everyone above 11 years old.

**Qualifications**

B.E / M.Tech`),
    ['TypeScript', 'Docker', '.NET'],
    'read with a requirements section present; "11 years old" is no experience requirement',
  );
});

t.test('nothing stated, empty buckets', async (t) => {
  const empty = { education: [], certifications: [], skills: [] };
  t.same(qualificationsOf([]), { must_have: empty, preferred: empty });
  t.same(of('We are a small team that loves coffee.'), { must_have: empty, preferred: empty });
});
