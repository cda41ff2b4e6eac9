// Posting sections (crawlers/understanding/sections.ts): real-looking postings in the five
// languages cut at their headings, every heading shape the converter and ATSs produce, heading
// classification however a section is titled, and preferred items inside requirements lists.
import t from 'tap';
import { convertDescription } from '../crawlers/description.ts';
import { isPreferredItem, sectionsOf, sentencesOf, type SectionKind } from '../crawlers/understanding/sections.ts';

t.test('an English Greenhouse posting, converted from its HTML', async (t) => {
  const html = `<p><strong>About Ramp</strong></p>
<p>Ramp is the corporate card and spend management platform designed to help you eliminate waste and grow. More than 25,000 businesses use Ramp.</p>
<h2>About the Role</h2>
<p>We're looking for a Senior Software Engineer to join our Bill Pay team. You will own projects end to end.</p>
<h3>What You'll Do</h3>
<ul><li>Build and scale the systems that move billions of dollars</li><li>Partner with <a href="https://ramp.com/design">design</a> and product to ship features</li></ul>
<h3>What You Need</h3>
<ul><li>5+ years of professional software engineering experience</li><li>Proficiency in <strong>Python</strong>, TypeScript and PostgreSQL</li><li>Experience with Kafka is a plus</li></ul>
<h3>Nice to Haves</h3>
<ul><li>Prior fintech experience</li></ul>
<h3>Benefits (for U.S.-based full-time employees)</h3>
<ul><li>100% medical, dental &amp; vision insurance coverage for you</li><li>Unlimited PTO</li></ul>
<p><strong>Equal Opportunity Employer</strong></p>
<p>Ramp is an equal opportunity employer.</p>`;
  t.same(sectionsOf(convertDescription(html).markdown), [
    {
      heading: 'About Ramp',
      kind: 'about',
      items: [
        'Ramp is the corporate card and spend management platform designed to help you eliminate waste and grow.',
        'More than 25,000 businesses use Ramp.',
      ],
    },
    {
      heading: 'About the Role',
      kind: 'responsibilities',
      items: ["We're looking for a Senior Software Engineer to join our Bill Pay team.", 'You will own projects end to end.'],
    },
    {
      heading: "What You'll Do",
      kind: 'responsibilities',
      items: ['Build and scale the systems that move billions of dollars', 'Partner with design and product to ship features'],
    },
    {
      heading: 'What You Need',
      kind: 'requirements',
      items: ['5+ years of professional software engineering experience', 'Proficiency in Python, TypeScript and PostgreSQL'],
    },
    { heading: null, kind: 'preferred', items: ['Experience with Kafka is a plus'] },
    { heading: 'Nice to Haves', kind: 'preferred', items: ['Prior fintech experience'] },
    {
      heading: 'Benefits (for U.S.-based full-time employees)',
      kind: 'benefits',
      items: ['100% medical, dental & vision insurance coverage for you', 'Unlimited PTO'],
    },
    { heading: 'Equal Opportunity Employer', kind: 'other', items: ['Ramp is an equal opportunity employer.'] },
  ]);
});

t.test('a German Personio posting: Deine Aufgaben / Dein Profil / Was wir bieten', async (t) => {
  const markdown = `**Über uns**

Wir sind ein wachsendes SaaS-Unternehmen aus München mit über 120 Mitarbeitenden.

**Deine Aufgaben**

- Du entwickelst neue Features für unsere Webanwendung mit React und TypeScript
- Du arbeitest eng mit unserem Produktteam zusammen

**Dein Profil**

- Abgeschlossenes Studium der Informatik oder eine vergleichbare Ausbildung
- Mindestens 3 Jahre Berufserfahrung in der Frontend-Entwicklung
- Erfahrung mit GraphQL ist von Vorteil
- Sehr gute Deutsch- und gute Englischkenntnisse

**Was wir bieten**

- 30 Tage Urlaub
- Flexible Arbeitszeiten und Homeoffice
- Zuschuss zum Deutschlandticket`;
  t.same(sectionsOf(markdown), [
    { heading: 'Über uns', kind: 'about', items: ['Wir sind ein wachsendes SaaS-Unternehmen aus München mit über 120 Mitarbeitenden.'] },
    {
      heading: 'Deine Aufgaben',
      kind: 'responsibilities',
      items: ['Du entwickelst neue Features für unsere Webanwendung mit React und TypeScript', 'Du arbeitest eng mit unserem Produktteam zusammen'],
    },
    {
      heading: 'Dein Profil',
      kind: 'requirements',
      items: [
        'Abgeschlossenes Studium der Informatik oder eine vergleichbare Ausbildung',
        'Mindestens 3 Jahre Berufserfahrung in der Frontend-Entwicklung',
        'Sehr gute Deutsch- und gute Englischkenntnisse',
      ],
    },
    { heading: null, kind: 'preferred', items: ['Erfahrung mit GraphQL ist von Vorteil'] },
    { heading: 'Was wir bieten', kind: 'benefits', items: ['30 Tage Urlaub', 'Flexible Arbeitszeiten und Homeoffice', 'Zuschuss zum Deutschlandticket'] },
  ]);
});

t.test('a French posting with "Heading :" lines (space before the colon)', async (t) => {
  const markdown = `**Qui sommes-nous ?**

Doctolib aide les professionnels de santé à améliorer leur quotidien. Nous sommes plus de 2 800 collaborateurs en Europe.

Vos missions :

- Concevoir et développer de nouvelles fonctionnalités en Ruby on Rails
- Participer aux revues de code

Profil recherché :

- Diplômé(e) d'une école d'ingénieur ou équivalent
- 3 ans d'expérience minimum en développement backend
- La connaissance de Kubernetes est un plus

Avantages :

- Tickets restaurant Swile
- Mutuelle prise en charge à 100 %`;
  t.same(sectionsOf(markdown), [
    {
      heading: 'Qui sommes-nous ?',
      kind: 'about',
      items: ['Doctolib aide les professionnels de santé à améliorer leur quotidien.', 'Nous sommes plus de 2 800 collaborateurs en Europe.'],
    },
    {
      heading: 'Vos missions',
      kind: 'responsibilities',
      items: ['Concevoir et développer de nouvelles fonctionnalités en Ruby on Rails', 'Participer aux revues de code'],
    },
    {
      heading: 'Profil recherché',
      kind: 'requirements',
      items: ["Diplômé(e) d'une école d'ingénieur ou équivalent", "3 ans d'expérience minimum en développement backend"],
    },
    { heading: null, kind: 'preferred', items: ['La connaissance de Kubernetes est un plus'] },
    { heading: 'Avantages', kind: 'benefits', items: ['Tickets restaurant Swile', 'Mutuelle prise en charge à 100 %'] },
  ]);
});

t.test('a Spanish plain-text posting: escaped "\\-" bullets and numbered lists from the converter', async (t) => {
  const markdown = convertDescription(`Responsabilidades:
- Desarrollar y mantener APIs REST con Node.js
- Colaborar con el equipo de producto

Requisitos:
- Grado en Ingeniería Informática o similar
- 2 años de experiencia con TypeScript

Se valorará:
- Experiencia con AWS

Ofrecemos:
1. Contrato indefinido
2. Teletrabajo flexible`).markdown;
  t.match(markdown, /\\- Desarrollar/, 'the converter escapes the plain-text bullets');
  t.same(sectionsOf(markdown), [
    { heading: 'Responsabilidades', kind: 'responsibilities', items: ['Desarrollar y mantener APIs REST con Node.js', 'Colaborar con el equipo de producto'] },
    { heading: 'Requisitos', kind: 'requirements', items: ['Grado en Ingeniería Informática o similar', '2 años de experiencia con TypeScript'] },
    { heading: 'Se valorará', kind: 'preferred', items: ['Experiencia con AWS'] },
    { heading: 'Ofrecemos', kind: 'benefits', items: ['Contrato indefinido', 'Teletrabajo flexible'] },
  ]);
});

t.test('a Polish posting with "**Heading:**" lines', async (t) => {
  const markdown = `**Zakres obowiązków:**

- Projektowanie i rozwój mikroserwisów w Javie
- Udział w code review

**Wymagania:**

- Min. 3 lata doświadczenia w Javie i Spring Boot
- Znajomość języka angielskiego na poziomie B2

**Mile widziane:**

- Doświadczenie z Apache Kafka

**Oferujemy:**

- Prywatną opiekę medyczną
- Kartę Multisport`;
  t.same(
    sectionsOf(markdown).map((section) => [section.heading, section.kind, section.items.length]),
    [
      ['Zakres obowiązków', 'responsibilities', 2],
      ['Wymagania', 'requirements', 2],
      ['Mile widziane', 'preferred', 1],
      ['Oferujemy', 'benefits', 2],
    ],
  );
});

t.test('bold-prefixed lines: a known label opens a section of its kind, any other label a part of its own', async (t) => {
  const markdown = `**Location:** Berlin, Germany (hybrid)

**What you'll do:** You'll own the design of our billing platform. You'll work closely with finance and product.

**Who you are:** An experienced engineer who enjoys working with Go and PostgreSQL.

**Visa sponsorship:** We do sponsor visas! We retain an immigration lawyer to help with this.`;
  t.same(sectionsOf(markdown), [
    { heading: 'Location', kind: 'other', items: ['Berlin, Germany (hybrid)'] },
    {
      heading: "What you'll do",
      kind: 'responsibilities',
      items: ["You'll own the design of our billing platform.", "You'll work closely with finance and product."],
    },
    { heading: 'Who you are', kind: 'requirements', items: ['An experienced engineer who enjoys working with Go and PostgreSQL.'] },
    { heading: 'Visa sponsorship', kind: 'other', items: ['We do sponsor visas!', 'We retain an immigration lawyer to help with this.'] },
  ]);
});

t.test('# headings, emphasis that is not a heading, continuation lines, nested items', async (t) => {
  const markdown = `# Senior Data Engineer

**We move fast and ship every day.**

## Responsibilities

- Build batch and streaming pipelines
  that feed our warehouse
- Own data quality
  - Define SLAs
  - Write tests

### Requirements

- SQL and Python`;
  t.same(sectionsOf(markdown), [
    { heading: 'Senior Data Engineer', kind: 'other', items: ['We move fast and ship every day.'] },
    {
      heading: 'Responsibilities',
      kind: 'responsibilities',
      items: ['Build batch and streaming pipelines that feed our warehouse', 'Own data quality', 'Define SLAs', 'Write tests'],
    },
    { heading: 'Requirements', kind: 'requirements', items: ['SQL and Python'] },
  ]);
});

t.test('a plain "Label:" line opens a section only when it classifies or a list follows', async (t) => {
  const markdown = `Our stack:
- Kotlin
- Spring Boot

Please note: this is a 12-month contract.

In this role you will:
- Ship features`;
  t.same(sectionsOf(markdown), [
    { heading: 'Our stack', kind: 'other', items: ['Kotlin', 'Spring Boot'] },
    { heading: 'In this role you will', kind: 'responsibilities', items: ['Ship features'] },
  ]);
  t.same(sectionsOf('Please note:\n\nThis role is based in Austin.'), [{ heading: null, kind: 'other', items: ['Please note:', 'This role is based in Austin.'] }]);
});

t.test('a sub-heading right under an empty classified heading keeps its kind', async (t) => {
  t.same(sectionsOf('**Requirements**\n\n**Technical**\n\n- Python\n- Airflow'), [{ heading: 'Technical', kind: 'requirements', items: ['Python', 'Airflow'] }]);
});

t.test('paragraph text is dropped from a section that has bullets', async (t) => {
  t.same(sectionsOf("**What we're looking for**\n\nWe'd love to hear from you if you have:\n\n- Excellent SQL\n- A product mindset"), [
    { heading: "What we're looking for", kind: 'requirements', items: ['Excellent SQL', 'A product mindset'] },
  ]);
});

t.test('a long bold sentence is emphasis, not a heading, unless it opens a list ("... if..")', async (t) => {
  t.same(sectionsOf('**We provide you with the knowledge and skills you need to succeed.**\n\nOur programs teach risk.\n\n**We want to hear from you if..**.\n\n- You study mathematics'), [
    { heading: null, kind: 'other', items: ['We provide you with the knowledge and skills you need to succeed.', 'Our programs teach risk.'] },
    { heading: 'We want to hear from you if..', kind: 'requirements', items: ['You study mathematics'] },
  ]);
});

t.test('Italian, Dutch and Portuguese headings', async (t) => {
  const cases: Array<[string, SectionKind]> = [
    ['Il tuo profilo', 'requirements'], ['Chi stiamo cercando', 'requirements'], ['Requisiti', 'requirements'], ['Le tue responsabilità', 'responsibilities'],
    ['Di cosa ti occuperai', 'responsibilities'], ['La nostra offerta', 'benefits'], ['Chi siamo', 'about'],
    ['Wij zoeken', 'requirements'], ['Functie-eisen', 'requirements'], ['Jouw profiel', 'requirements'], ['Taakomschrijving', 'responsibilities'],
    ['Wat ga je doen', 'responsibilities'], ['Wij bieden', 'benefits'], ['Over ons', 'about'],
    ['Seu perfil', 'requirements'], ['O que você vai fazer', 'responsibilities'], ['O que oferecemos', 'benefits'], ['Quem somos', 'about'],
    ['Wonach wir suchen', 'requirements'], ['Was du tun wirst', 'responsibilities'],
  ];
  for (const [heading, kind] of cases) t.equal(sectionsOf(`**${heading}**\n\n- item one`)[0]?.kind, kind, heading);
});

t.test('headings classified however they are titled', async (t) => {
  const cases: Array<[string, SectionKind]> = [
    ['Requirements', 'requirements'], ['What you bring', 'requirements'], ["What You'll Bring", 'requirements'], ['Who you are', 'requirements'],
    ["What we're looking for", 'requirements'], ['Qualifications', 'requirements'], ['Minimum Qualifications', 'requirements'],
    ['Basic Qualifications', 'requirements'], ['You have', 'requirements'], ['Must have', 'requirements'], ['Your profile', 'requirements'],
    ['About you', 'requirements'], ["What you'll need", 'requirements'], ['Dein Profil', 'requirements'], ['Das bringst du mit', 'requirements'],
    ['Ihr Profil', 'requirements'], ['Was du mitbringst', 'requirements'], ['Profil recherché', 'requirements'], ['Votre profil', 'requirements'],
    ['Requisitos', 'requirements'], ['Lo que buscamos', 'requirements'], ['Tu perfil', 'requirements'], ['Wymagania', 'requirements'],
    ['Nasze oczekiwania', 'requirements'], ['Czego oczekujemy', 'requirements'],
    ['Nice to have', 'preferred'], ['Nice-to-haves', 'preferred'], ['Bonus points', 'preferred'], ['Preferred Qualifications', 'preferred'],
    ['Pluspunkte', 'preferred'], ['Wünschenswert', 'preferred'], ['Un plus', 'preferred'], ['Se valorará', 'preferred'],
    ['Requisitos deseables', 'preferred'], ['Mile widziane', 'preferred'], ['Even better if you have', 'preferred'],
    ["What you'll do", 'responsibilities'], ['What You Will Be Doing', 'responsibilities'], ['Responsibilities', 'responsibilities'],
    ['Key Responsibilities', 'responsibilities'], ['The role', 'responsibilities'], ['Your mission', 'responsibilities'],
    ['In this role you will', 'responsibilities'], ['Deine Aufgaben', 'responsibilities'], ['Ihre Aufgaben', 'responsibilities'],
    ['Vos missions', 'responsibilities'], ['Responsabilidades', 'responsibilities'], ['Funciones', 'responsibilities'],
    ['Zakres obowiązków', 'responsibilities'], ['Twoje zadania', 'responsibilities'], ['Your impact', 'responsibilities'],
    ['Benefits', 'benefits'], ['What we offer', 'benefits'], ['Perks & Benefits', 'benefits'], ['Why join us?', 'benefits'],
    ['Wir bieten', 'benefits'], ['Was wir bieten', 'benefits'], ['Deine Benefits', 'benefits'], ['Nous offrons', 'benefits'],
    ['Avantages', 'benefits'], ['Ofrecemos', 'benefits'], ['Beneficios', 'benefits'], ['Oferujemy', 'benefits'], ['Benefity', 'benefits'],
    ['Compensation & Benefits', 'benefits'],
    ['About us', 'about'], ['About Stripe', 'about'], ['Who we are', 'about'], ['Our mission', 'about'], ['Über uns', 'about'],
    ['Qui sommes-nous', 'about'], ['Sobre nosotros', 'about'], ['O nas', 'about'], ['About the team', 'about'],
    ['Your Expertise', 'requirements'], ['What We Require', 'requirements'], ['Du hast', 'requirements'], ['Notre candidat(e) idéal(e) se reconnaît par', 'requirements'],
    ['Ways to stand out from the crowd', 'preferred'], ['Plus (no excluyente)', 'preferred'],
    ['A Typical Day', 'responsibilities'], ['Responsiblities', 'responsibilities'], ['Deine Verantwortlichkeiten', 'responsibilities'], ['Une journée typique', 'responsibilities'],
    ["How We'll Take Care of You", 'benefits'], ['Why Kikoff', 'benefits'], ['Warum Bliro', 'benefits'],
    ['Company Description', 'about'], ['Life at Palantir', 'about'],
    ['BIG PLUS', 'preferred'], ['Good to Haves', 'preferred'], ['Good to have', 'preferred'], ['Desejável', 'preferred'],
    ['What We Value', 'requirements'], ['Characteristics', 'requirements'], ["You'll Excel in This Role If You...", 'requirements'],
    ['Job Description', 'other'], ['Equal Opportunity Employer', 'other'], ['Location', 'other'],
    // Headings that describe the person sought, however phrased; and who the job is not for.
    ['What makes you a great fit', 'requirements'], ['What Makes a Strong Candidate', 'requirements'], ['You might be a fit if you', 'requirements'],
    ['Ideal candidates are', 'requirements'], ['The right candidate', 'requirements'], ['Unique Candidate Criteria', 'requirements'], ['Candidates must be', 'requirements'],
    ['You bring', 'requirements'], ['This challenge is perfect for you if', 'requirements'], ['What we will look for', 'requirements'], ['Profile', 'requirements'],
    ['Qualities that will make you successful', 'requirements'],
    ['Strong candidates may also have', 'preferred'], ['What will set you apart', 'preferred'], ['What will make you stand out', 'preferred'], ['Ideally you', 'preferred'],
    ['You might not be the right fit if you', 'other'], ['You may struggle here if you', 'other'], ["What you won't do (for now)", 'other'],
  ];
  for (const [heading, kind] of cases) t.equal(sectionsOf(`**${heading}**\n\n- an item`)[0]?.kind, kind, heading);
});

t.test('preferred items inside a requirements list', async (t) => {
  const markdown = `**Requirements**

- 5+ years of experience with TypeScript
- Nice to have: Kubernetes, Terraform
- Experience with Snowflake (preferred)
- AWS experience is a big plus
- Fluent English; German is a plus
- BS in Computer Science required, MS preferred
- Ideally, you have worked in a startup`;
  t.same(sectionsOf(markdown), [
    {
      heading: 'Requirements',
      kind: 'requirements',
      items: ['5+ years of experience with TypeScript', 'Fluent English', 'BS in Computer Science required, MS preferred'],
    },
    {
      heading: null,
      kind: 'preferred',
      items: ['Kubernetes, Terraform', 'Experience with Snowflake (preferred)', 'AWS experience is a big plus', 'German is a plus', 'Ideally, you have worked in a startup'],
    },
  ]);
  t.ok(isPreferredItem('Doświadczenie z Kafka będzie dodatkowym atutem'));
  t.ok(isPreferredItem('Erfahrung mit Docker wünschenswert'));
  t.ok(isPreferredItem('Experiencia con Azure (deseable)'));
  t.ok(isPreferredItem("Une expérience en Go serait un plus"));
  t.notOk(isPreferredItem('Strong communication skills'));
});

t.test('sentences: abbreviations and initials do not end one', async (t) => {
  t.same(sentencesOf('You know tools, e.g. Jira and Confluence. You report to John F. Kennedy. Wir nutzen z.B. Kafka. Done!'), [
    'You know tools, e.g. Jira and Confluence.',
    'You report to John F. Kennedy.',
    'Wir nutzen z.B. Kafka.',
    'Done!',
  ]);
});

t.test('nothing in, nothing out', async (t) => {
  t.same(sectionsOf(''), []);
  t.same(sectionsOf('**Requirements**\n\n**Benefits**'), []);
});

t.test('a bare short line over a list opens the section it names', async (t) => {
  const markdown = ['We are looking for a Data Engineer.', '', 'Qualifications', '', '- 2 years of data engineering', '- Expert SQL', '', 'Fun facts', '', '- We ship weekly'].join('\n');
  const sections = sectionsOf(markdown);
  t.same(sections.map((section) => [section.kind, section.heading]), [['other', null], ['requirements', 'Qualifications']]);
  // "Fun facts" names no section, so it stays a line of text and its list joins the one above.
  t.same(sections[1].items, ['2 years of data engineering', 'Expert SQL', 'We ship weekly']);
});

t.test('headings in Japanese, Korean and Chinese', async (t) => {
  const kinds = (markdown: string) => sectionsOf(markdown).map((section) => section.kind);
  t.same(kinds('**仕事内容：**\n\n- 企画立案\n\n**応募要件（必須）：**\n\n- 大学在籍中\n\n**歓迎要件：**\n\n- 英語力\n\n**福利厚生：**\n\n- 交通費支給'), ['responsibilities', 'requirements', 'preferred', 'benefits']);
  t.same(kinds('**자격 요건**\n\n- SQL\n\n**우대 사항**\n\n- Braze'), ['requirements', 'preferred']);
  t.same(kinds('**岗位职责**\n\n- 开发\n\n**任职要求**\n\n- Java'), ['responsibilities', 'requirements']);
});
