// Skills in posting text (crawlers/understanding/skills.ts + skills-dictionary.ts): aliases to
// canonical names, tokens such as C++/C#/.NET/Node.js, the precision traps where a skill's name
// is an ordinary word, soft skills written as phrases, group names ("the data science team"),
// the long tail, multilingual soft skills, the dictionary's own consistency, and speed.
import t from 'tap';
import { SKILLS } from '../crawlers/understanding/skills-dictionary.ts';
import { canonicalSkill, skillsIn } from '../crawlers/understanding/skills.ts';

const names = (text: string) => skillsIn(text).map((skill) => skill.name);

t.test('aliases come back under their canonical names, in order of appearance, once each', async (t) => {
  t.same(names('Node.js, React, TypeScript, Postgres, k8s, GCP, AWS, CI/CD and ML'), [
    'Node.js', 'React', 'TypeScript', 'PostgreSQL', 'Kubernetes', 'Google Cloud Platform', 'AWS', 'CI/CD', 'Machine Learning',
  ]);
  t.same(names('Experience with JS/TS, nodejs and Amazon Web Services; Google Cloud is a plus'), ['JavaScript', 'TypeScript', 'Node.js', 'AWS', 'Google Cloud Platform']);
  t.same(names('Golang microservices; Python and python3 scripts; more Python'), ['Go', 'Microservices', 'Python']);
  t.same(names('C#/.NET, ASP.NET Core and C/C++ (C++17)'), ['C#', '.NET', 'ASP.NET', 'C', 'C++']);
  t.same(names('scikit-learn, pandas, NumPy and PyTorch on Apache Spark; A/B testing'), ['scikit-learn', 'pandas', 'NumPy', 'PyTorch', 'Apache Spark', 'A/B Testing']);
  t.same(names('Salesforce, HubSpot, Jira, Confluence, Figma, Tableau, Power BI and SAP S/4HANA'), [
    'Salesforce', 'HubSpot', 'Jira', 'Confluence', 'Figma', 'Tableau', 'Power BI', 'SAP',
  ]);
  t.same(names('REST and GraphQL APIs, gRPC, FP&A reporting'), ['REST', 'GraphQL', 'gRPC', 'FP&A']);
  t.same(skillsIn('Excellent communication skills and Terraform'), [
    { name: 'Communication', type: 'soft' },
    { name: 'Terraform', type: 'hard' },
  ]);
});

t.test('precision traps: ordinary words are not skills outside a technical context', async (t) => {
  t.same(names('Own our Go to market motion and go-to-market plans. Go-live support.'), [], 'Go to market');
  t.same(names("We'll let you go home early on Fridays. Go beyond what is expected."), [], 'go');
  t.same(names('Swift delivery of every order matters to us.'), [], 'Swift delivery');
  t.same(names('Partner with R&D on the roadmap.'), [], 'R&D');
  t.same(names('You excel at execution. Excel at planning.'), [], 'Excel at');
  t.same(names('Advanced Microsoft Excel (pivot tables, VLOOKUP)'), ['Microsoft Excel', 'Pivot Tables'], 'Microsoft Excel');
  t.same(names('Our products spark joy. Spark joy in customers.'), [], 'Spark joy');
  t.same(names('You will help the rest of the team. REST APIs.'), ['REST'], 'rest in lower case');
  t.same(names('Active TS/SCI clearance. Report to C-level executives at a Series C startup.'), [], 'TS/SCI, C-level, Series C');
  t.same(names('Make sure every customer is heard. Less is more.'), [], 'Make, Less');
  t.same(names('React quickly to incidents. Support the Sous Chef to prepare meals.'), ['Food Preparation'], 'React, Chef');
  t.same(names('We value unity and a sense of rust-free craft. Slack off? Never.'), [], 'Unity, Rust, Slack');
  t.same(names('Workday lunch is on us. Our workday ends at 5.'), [], 'Workday');
});

t.test('ordinary-word skills in a technical context', async (t) => {
  t.same(names('Experience with Go, Rust and C++'), ['Go', 'Rust', 'C++'], 'next to other skills');
  t.same(names('Strong skills in R or Python'), ['R', 'Python'], '"in R or Python"');
  t.same(names('5+ years of experience building services in Go'), ['Go'], 'experience ... in');
  t.same(names('Languages: Go, Rust, Swift'), ['Go', 'Rust', 'Swift'], 'a language list');
  t.same(names('Go'), ['Go'], 'alone on its line');
  t.same(names('- Swift\n- Kotlin'), ['Swift', 'Kotlin'], 'list items');
  t.same(names('R programming and Go services'), ['R', 'Go'], 'cue after');
  t.same(names('Sehr gute Excel-Kenntnisse und Erfahrung mit SQL'), ['Microsoft Excel', 'SQL'], 'Excel-Kenntnisse');
  t.same(names('Proficient in Excel and PowerPoint'), ['Microsoft Excel', 'Microsoft PowerPoint'], 'proficient in');
  t.same(names('Experience with Chef and Puppet'), ['Chef', 'Puppet'], 'a list of two ordinary-word tools after a cue');
  t.same(names('Hands-on Spark experience, e.g. Spark Streaming'), ['Apache Spark'], 'Spark experience');
  t.same(names('Znajomość Excel, Go lub Rust'), ['Microsoft Excel', 'Go', 'Rust'], 'Polish cue');
});

t.test('multilingual soft and hard skills', async (t) => {
  t.same(names('Excellent written and verbal communication skills; team player; detail-oriented; strong problem-solving'), [
    'Communication', 'Teamwork', 'Attention to Detail', 'Problem Solving',
  ]);
  t.same(names('Kommunikationsstärke, Teamfähigkeit und eine selbstständige Arbeitsweise'), ['Communication', 'Teamwork', 'Independent Work']);
  t.same(names("Esprit d'équipe, rigueur et autonomie ; maîtrise de Python"), ['Teamwork', 'Attention to Detail', 'Independent Work', 'Python']);
  t.same(names('Trabajo en equipo y resolución de problemas; experiencia con Node.js'), ['Teamwork', 'Problem Solving', 'Node.js']);
  t.same(names('Dobra znajomość języka Python oraz komunikatywność i samodzielność'), ['Python', 'Communication', 'Self-Motivation']);
  t.same(names('Stakeholder management, time management, mentoring junior engineers, adaptability'), [
    'Stakeholder Management', 'Time Management', 'Mentoring', 'Adaptability',
  ]);
});

t.test('Italian, Dutch and Portuguese requirements; more languages', async (t) => {
  t.same(names('Ottime capacità comunicative e relazionali, con un atteggiamento professionale; madrelingua italiana, inglese è un plus'), [
    'Communication', 'Interpersonal Skills', 'Professionalism', 'Italian', 'English',
  ]);
  t.same(names('Je bent stressbestendig, zelfstandig en klantgericht; je spreekt Nederlands en Frans'), ['Stress Management', 'Independent Work', 'Customer Focus', 'Dutch', 'French']);
  t.same(names('Trabalho em equipe, criatividade e proatividade'), ['Teamwork', 'Creativity', 'Self-Motivation']);
  t.same(names('Strong communication skills, also in Romanian; Czech is a plus'), ['Communication', 'Romanian', 'Czech']);
});

t.test('German adjectives are found in their inflected forms; English words keep their meaning', async (t) => {
  t.same(names('Du hast eine proaktive, lösungsorientierte Haltung und bist ein zuverlässiger Teamplayer'), ['Self-Motivation', 'Problem Solving', 'Dependability', 'Teamwork']);
  t.same(names('Analytische Fähigkeiten und eine strukturierte Arbeitsweise'), ['Analytical Thinking', 'Organizational Skills']);
  t.same(names('We have several processes and customers across regions'), [], 'English plurals are not stripped to other words');
});

t.test('soft skills written as phrases and inflections', async (t) => {
  t.same(names('Collaborate with product and design; you will work closely with cross-functional partners'), ['Teamwork']);
  t.same(names('Collaborating across teams in a collaborative, team-oriented culture'), ['Teamwork']);
  t.same(names('Mentor junior engineers and provide mentorship; coached two new managers'), ['Mentoring', 'Coaching']);
  t.same(names('A quick learner who is highly organized and detail-obsessed'), ['Fast Learning', 'Organizational Skills', 'Attention to Detail']);
  t.same(names('You take initiative, are a self-starter and work independently with minimal supervision'), ['Self-Motivation', 'Independent Work']);
  t.same(names('Excellent written and oral communication; manage multiple stakeholders and build trusted relationships'), [
    'Communication', 'Stakeholder Management', 'Relationship Building',
  ]);
  t.same(names('Comfortable with ambiguity, results-oriented, with a bias for action'), ['Ambiguity Tolerance', 'Results Orientation', 'Action Orientation']);
});

t.test('traits and domains written the way requirements put them', async (t) => {
  t.same(names('Self-starter comfortable with some ambiguity, demonstrating a willingness to learn/ramp quickly'), ['Self-Motivation', 'Ambiguity Tolerance', 'Continuous Learning', 'Fast Learning']);
  t.same(names('Technical leadership with the ability to deliver zero-to-one results amidst ambiguity.'), ['Technical Leadership', 'Ambiguity Tolerance']);
  t.same(names('Creative and process-driven: you are constantly looking for ways to make things work more efficiently'), ['Creativity']);
  t.same(names('2–4 years of experience in copywriting or creative roles; ideate creative campaigns with the creative team'), ['Copywriting'], 'creative roles, campaigns and teams are no trait');
  t.same(names('Ability to work independently and manage multiple projects at one time'), ['Independent Work', 'Multitasking']);
  t.same(names('Experience with continuous improvement and a thirst for knowledge'), ['Process Improvement', 'Continuous Learning']);
  t.same(names('Banking or Financial Services experience; 2+ years building backend services'), ['Banking', 'Financial Services', 'Backend Development']);
  t.same(names('Recruiters will never ask for money, fees, or banking information before your first day.'), [], 'banking information');
  t.same(names('Du arbeitest iterativ, bist kreativ und gehst offen mit Feedback um'), ['Rapid Iteration', 'Creativity', 'Giving and Receiving Feedback']);
  t.same(names('Vous êtes très organisé·e, curieuse et avez de solides compétences analytiques'), ['Organizational Skills', 'Curiosity', 'Analytical Thinking']);
  t.same(names('Autonomía con responsabilidad y comodidad ante la ambigüedad'), ['Independent Work', 'Ownership', 'Ambiguity Tolerance']);
});

t.test('words that name people or things, not traits, are not soft skills', async (t) => {
  t.same(names('Our organization is organized around product areas.'), [], 'organization, organized around');
  t.same(names('Part of our public goods initiatives; report to stakeholders.'), [], 'initiatives, bare stakeholders');
  t.same(names('Present to the senior leadership team and partner with brand leadership.'), [], 'leadership as the people who lead');
  t.same(names('This role has a high degree of ambiguity and many relationships.'), [], 'bare ambiguity, relationships');
  t.same(names('Strong leadership skills and 5+ years of leadership experience'), ['Leadership'], 'the skill itself');
});

t.test('a skill followed by "team", "department" or "leads" names a group of people', async (t) => {
  t.same(names('Partner with the Data Science team and the Customer Support department'), []);
  t.same(names('Report to the Machine Learning leads'), [], '"leads"');
  t.same(names('Experience in data science and customer support'), ['Data Science', 'Customer Service']);
  t.same(names('Work with cross-functional teams'), ['Teamwork'], 'a soft-skill phrase that ends in "teams" is the skill');
});

t.test('the long tail: trades, finance, compliance, HR and platform know-how', async (t) => {
  t.same(names('ServSafe certification, STCW and a TWIC card'), ['ServSafe', 'STCW', 'TWIC']);
  t.same(names('Accounts payable, account reconciliations and US GAAP; month-end close'), ['Accounts Payable', 'Reconciliation', 'GAAP', 'Month-End Close']);
  t.same(names('Palantir Foundry experience'), ['Palantir Foundry']);
  t.same(names('Enhanced due diligence, sanctions screening and complaints handling under FCA rules'), [
    'Due Diligence', 'Sanctions Screening', 'Complaints Handling', 'FCA Regulations',
  ]);
  t.same(names('Closing deals with MEDDPICC; book meetings and run product demos'), ['Deal Closing', 'MEDDPICC', 'Appointment Setting', 'Product Demos']);
  t.same(names('Define SLOs, write runbooks, use feature flags and webhooks'), ['Service Level Objectives', 'Runbooks', 'Feature Flags', 'Webhooks']);
  t.same(names('The foundry down the road; our cursor is blinking; a ray of light; patient care at our discretion'), [], 'ordinary words');
});

t.test('every occupational field, not only software: care, trades, labs, security, warehouses, finance, construction, hospitality', async (t) => {
  t.same(names('Active RN license, BLS certification and experience with Epic charting; triage in urgent care'), ['Nursing License', 'Basic Life Support', 'Epic', 'Clinical Documentation', 'Urgent Care']);
  t.same(names('Journeyman electrician license; blueprint reading; lockout/tagout'), ['Electrician License', 'Blueprint Reading', 'Lockout/Tagout']);
  t.same(names('Experience with GMP, HPLC and cell culture in a QC lab'), ['GMP', 'HPLC', 'Cell Culture', 'Quality Control']);
  t.same(names('OSCP preferred; Burp Suite, SQL injection and XSS testing'), ['OSCP', 'Burp Suite', 'SQL Injection', 'Cross-Site Scripting']);
  t.same(names('Forklift certification; warehouse management systems'), ['Forklift Operation', 'Warehouse Management Systems']);
  t.same(names('Buchhaltung und Lohnabrechnung mit DATEV'), ['Accounting', 'Payroll', 'DATEV'], 'German terms of the field');
  t.same(names('Quantity takeoff, cost estimating and Procore; MEP coordination'), ['Quantity Takeoff', 'Cost Estimation', 'Procore', 'MEP']);
  t.same(names('Food & beverage experience, POS systems and cash handling'), ['Food & Beverage', 'Point of Sale', 'Cash Handling']);
  t.same(names('Epic battles and a milestone reached'), [], 'ordinary words that name products elsewhere need context');
});

t.test('namedOnly: only skills written as names, not the item\'s first word', async (t) => {
  const named = (text: string) => skillsIn(text, { namedOnly: true }).map((skill) => skill.name);
  t.same(named('Build dashboards in Looker on AWS and collaborate with sales on risk management'), ['Looker', 'AWS']);
  t.same(named('Collaborate with Finance; Python scripts'), ['Python'], 'a capital at the start of the item is not a name');
  t.same(named('Cross-Functional Collaboration: Work closely with Product. Team Leadership - build dashboards in Looker'), ['Looker'], 'traits in a title-case label are no tools');
  t.same(named('Identify client needs. Prospect and source new opportunities in Salesforce.'), ['Salesforce'], 'a common word capitalized by starting a sentence');
  t.same(named('Run the stack. Kubernetes and Terraform manage it.'), ['Kubernetes', 'Terraform'], 'a name stays a name at a sentence start');
});

t.test('canonicalSkill compares labels', async (t) => {
  const cases: Array<[string, string | null]> = [
    ['k8s', 'Kubernetes'], ['K8s', 'Kubernetes'], ['Postgres', 'PostgreSQL'], ['postgresql', 'PostgreSQL'], ['GCP', 'Google Cloud Platform'],
    ['google cloud', 'Google Cloud Platform'], ['Amazon Web Services', 'AWS'], ['ML', 'Machine Learning'], ['node.js', 'Node.js'],
    ['NodeJS', 'Node.js'], ['c#', 'C#'], ['C++', 'C++'], ['.net', '.NET'], ['Golang', 'Go'], ['go', 'Go'], ['JS', 'JavaScript'],
    ['TS', 'TypeScript'], ['Machine-Learning', 'Machine Learning'], ['team player', 'Teamwork'], ['Basket weaving', null], ['', null],
    // Names a skill goes by that are too ordinary to look for in text resolve too.
    ['Collaboration', 'Teamwork'], ['Organization', 'Organizational Skills'], ['Initiative', 'Self-Motivation'], ['Autonomy', 'Independent Work'],
    ['Closing', 'Deal Closing'], ['Feedback', 'Giving and Receiving Feedback'], ['Continuous Improvement', 'Process Improvement'],
  ];
  for (const [label, canonical] of cases) t.equal(canonicalSkill(label), canonical, label);
});

t.test('elided lists: shared last words written once name every conjunct', async (t) => {
  t.same(names('Own unit and integration testing for the team'), ['Unit Testing', 'Integration Testing']);
  t.same(names('Strong organization and communication skills'), ['Organizational Skills', 'Communication']);
  t.same(names('Excellent communication, organizational, and analytical skills'), ['Communication', 'Organizational Skills', 'Analytical Thinking']);
  t.same(names('Financial and data modeling'), ['Financial Modeling', 'Data Modeling']);
  // Without a conjunction or a list mark the words are one phrase, not two conjuncts.
  t.same(names('Ability to manage multiple projects simultaneously'), ['Multitasking']);
  t.same(names('Identify financial crime trends through data analysis'), ['Financial Crime', 'Data Analysis']);
});

t.test('the last conjunct of a list lends its shared words to the earlier ones', async (t) => {
  t.same(names('Strong customer service, organizational, communication, and multi-tasking abilities'), ['Customer Service', 'Organizational Skills', 'Communication', 'Multitasking']);
  t.same(names('designing unit, functional, integration, and smoke tests'), ['Unit Testing', 'Functional Testing', 'Integration Testing', 'Smoke Testing']);
});

t.test('a plain-word skill needs context; a name with a dot or two words does not', async (t) => {
  t.same(names('Strong experience with Node.js'), ['Node.js']);
  t.same(names('familiarity with "Node.js" OR "Next.js" OR "React"'), ['Node.js', 'Next.js', 'React']);
  t.same(names('React quickly to incidents'), []);
});

t.test('French and Italian elisions are read as the word after the apostrophe', async (t) => {
  t.same(names("un vrai esprit d'équipe et le sens de l'organisation"), ['Teamwork', 'Organizational Skills']);
  t.same(names("mesurer l'efficacité de la formation"), ['Training Evaluation']);
});

t.test('"team" after a trait names a person in "team player", not a group', async (t) => {
  t.same(names('Self-motivated team player with a strong work ethic'), ['Self-Motivation', 'Teamwork', 'Work Ethic']);
  t.same(names('Partner with the Data Science team'), []);
});

t.test('one phrase can name several skills', async (t) => {
  t.same(names('Be a creative problem solver for the team'), ['Creativity', 'Problem Solving']);
  t.same(names('Fastidious approach to CRM hygiene'), ['CRM', 'Data Hygiene']);
  t.same(names('Series 7 & 66 or ability to obtain; Excel VBA experience'), ['Series 7', 'Series 66', 'Microsoft Excel', 'VBA']);
  t.same(names('You thrive as a self-starter, embracing autonomy and ambiguity'), ['Self-Motivation', 'Independent Work', 'Ambiguity Tolerance']);
  t.equal(canonicalSkill('creative problem solver'), null, 'a phrase of several skills is no skill name');
});

t.test('a change of script ends a word: Korean and Japanese particles after a Latin name', async (t) => {
  t.same(names('SQL을 능숙히 다루시는 분'), ['SQL']);
  t.same(names('영어로 written communication이 가능하신 분'), ['English', 'Communication']);
  t.same(names('Pythonの実務経験'), ['Python']);
});

t.test('skills written in Japanese, Korean and Chinese are found inside runs without spaces', async (t) => {
  t.same(names('英語力：ビジネス上のコミュニケーションに必要な読み書き'), ['English', 'Communication']);
  t.same(names('論理的に考え、チームで議論しながら'), ['Logical Thinking', 'Teamwork']);
  t.same(names('원활한 커뮤니케이션 및 협업 능력을 보유하신 분 (문제의 정의, 데이터 분석 등)'), ['Communication', 'Teamwork', 'Data Analysis']);
  t.same(names('具备良好的沟通能力和团队合作精神'), ['Communication', 'Teamwork']);
  t.same(names('A Latin text names none of them'), []);
});

t.test('"especially", "insbesondere" and their kin cue an ordinary-word skill', async (t) => {
  t.same(names('sehr gute Kenntnisse in MS Office (insb. Excel)'), ['Microsoft Office', 'Microsoft Excel']);
  t.same(names('Office tools, especially Excel'), ['Microsoft Excel']);
});

t.test('the dictionary: size, unique names, every form resolves to its own entry', async (t) => {
  t.ok(SKILLS.length >= 400, `${SKILLS.length} entries`);
  const soft = SKILLS.filter((entry) => entry.type === 'soft').length;
  t.ok(soft >= 40, `${soft} soft skills`);
  const seen = new Set<string>();
  const problems: string[] = [];
  for (const entry of SKILLS) {
    if (seen.has(entry.name)) problems.push(`duplicate name ${entry.name}`);
    seen.add(entry.name);
    for (const form of [entry.name, ...(entry.aliases ?? [])]) {
      if (canonicalSkill(form) !== entry.name) problems.push(`${form} resolves to ${canonicalSkill(form)}, not ${entry.name}`);
      // Alone on a line every form is a skill, ordinary-word ones included.
      if (names(`- ${form}`)[0] !== entry.name) problems.push(`${form} is not found alone`);
    }
    for (const name of entry.alsoKnownAs ?? []) {
      if (canonicalSkill(name) !== entry.name) problems.push(`${name} resolves to ${canonicalSkill(name)}, not ${entry.name}`);
    }
  }
  t.same(problems, []);
  for (const name of ['Go', 'Rust', 'Swift', 'R', 'C', 'Microsoft Excel', 'Apache Spark', 'Chef', 'Puppet', 'Ember.js', 'Less', 'Make']) {
    t.equal(SKILLS.find((entry) => entry.name === name)?.context, true, `${name} needs context`);
  }
});

t.test('speed: one combined matcher, linear in the text', async (t) => {
  const paragraph =
    'You will design services in Go and TypeScript on Google Cloud Platform, run them on Kubernetes with Terraform, ' +
    'and work with product managers, designers and data scientists who use Python, dbt and Looker. ' +
    'We value excellent communication, ownership and a growth mindset; experience with Kafka, Redis or PostgreSQL is a plus.\n';
  const text = paragraph.repeat(12); // ~5,000 characters, a long posting
  const start = performance.now();
  for (let i = 0; i < 2000; i++) skillsIn(text);
  const elapsed = performance.now() - start;
  t.ok(elapsed < 2000, `2,000 long postings in ${elapsed.toFixed(0)} ms`);
});
