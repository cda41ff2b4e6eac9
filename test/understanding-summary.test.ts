// The extractive summary (crawlers/understanding/summary.ts): the sentences that describe the
// role, in five languages, skipping greetings, labels and company/legal boilerplate; a company
// intro only when nothing describes the role; null when the posting has too little prose.
import t from 'tap';
import { sectionsOf } from '../crawlers/understanding/sections.ts';
import { summaryOf } from '../crawlers/understanding/summary.ts';

const summary = (markdown: string) => summaryOf(sectionsOf(markdown), markdown);

t.test('the role intro, after a greeting and the company blurb', async (t) => {
  t.equal(
    summary(`Hi there! 👋

**About Acme**

Acme is the leading platform for independent dental practices. Acme is an equal opportunity employer.

**The role**

We're looking for a Senior Backend Engineer to join our Payments team in Berlin. You'll design and build the APIs that move millions of euros every day. Location: Berlin.

**Requirements**

- 5+ years of Go`),
    "We're looking for a Senior Backend Engineer to join our Payments team in Berlin. You'll design and build the APIs that move millions of euros every day.",
  );
});

t.test('German, French, Spanish and Polish role intros', async (t) => {
  t.equal(
    summary(`**Über uns**

Wir sind ein Hamburger Softwareunternehmen mit 80 Mitarbeitenden.

Wir suchen ab sofort eine:n Senior Backend Developer (m/w/d) zur Verstärkung unseres Plattform-Teams. Du wirst unsere Zahlungsdienste in Kotlin weiterentwickeln.

**Dein Profil**

- Erfahrung mit Kotlin`),
    'Wir suchen ab sofort eine:n Senior Backend Developer (m/w/d) zur Verstärkung unseres Plattform-Teams. Du wirst unsere Zahlungsdienste in Kotlin weiterentwickeln.',
  );
  t.equal(
    summary(`**Qui sommes-nous ?**

Alan réinvente l'assurance santé en France depuis 2016.

**Le poste**

Nous recherchons un(e) Data Engineer pour rejoindre notre équipe Plateforme à Paris.

**Profil recherché**

- 3 ans d'expérience en Python`),
    'Nous recherchons un(e) Data Engineer pour rejoindre notre équipe Plateforme à Paris.',
  );
  t.equal(
    summary(`Buscamos un/a desarrollador/a frontend con experiencia en React para nuestro equipo de Madrid. Trabajarás con diseño y producto en nuevas funcionalidades.

Requisitos:
- 2 años de experiencia con TypeScript`),
    'Buscamos un/a desarrollador/a frontend con experiencia en React para nuestro equipo de Madrid. Trabajarás con diseño y producto en nuevas funcionalidades.',
  );
  t.equal(
    summary(`**O nas**

Jesteśmy polskim software housem z Wrocławia.

Szukamy doświadczonego Java Developera, który dołączy do zespołu tworzącego platformę płatności.

**Wymagania:**

- Min. 3 lata doświadczenia w Javie`),
    'Szukamy doświadczonego Java Developera, który dołączy do zespołu tworzącego platformę płatności.',
  );
});

t.test('no role sentence: the first substantive intro sentence, never boilerplate', async (t) => {
  t.equal(
    summary(`Acme is an equal opportunity employer and values diversity at our company.

Acme builds accounting software for more than 30,000 small businesses across Europe. Our customers range from bakeries to law firms.

**Benefits**

- 30 days of paid vacation`),
    'Acme builds accounting software for more than 30,000 small businesses across Europe. Our customers range from bakeries to law firms.',
  );
});

t.test('never from requirements, benefits or bullets; null when there is no prose', async (t) => {
  t.equal(
    summary(`**Responsibilities**

- Design and build scalable backend services for our payments platform
- Work with product managers to define requirements for new features

**Requirements**

We are looking for someone with 5+ years of experience in backend development.

**Benefits**

We offer a generous learning budget and 30 days of vacation.`),
    null,
  );
  t.equal(summary('Apply now!'), null, 'too short');
  t.equal(summary(''), null);
});

t.test('at most 300 characters, cut at a word', async (t) => {
  const long =
    "We're looking for a Staff Engineer who will lead the technical direction of our data platform, partner with analytics, finance, " +
    'operations and product leadership across four continents, mentor a growing group of engineers in three time zones, and own the ' +
    'reliability, cost and security of systems that process billions of events every single day for thousands of customers.';
  const got = summary(`${long}\n\n**Requirements**\n\n- Kafka`);
  t.ok(got !== null && got.length <= 300, `${got?.length} characters`);
  t.match(got, /^We're looking for a Staff Engineer who will lead .* [a-z]+…$/);
  t.equal(
    summary(`${long.slice(0, 200)}. You will report to the CTO and work from our office in Lisbon three days a week with a small team of experts.`),
    `${long.slice(0, 200)}.`,
    'a second sentence that would not fit is left out',
  );
});
