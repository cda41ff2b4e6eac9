// The mapping helpers every connector shares (crawlers/ats/map.ts): structured values in the
// ATSs' many spellings map to the spec's values, unknown ones to null.
import t from 'tap';
import { compensation, employmentType, workplace } from '../crawlers/ats/map.ts';

t.test('an employment type in the spellings boards use', async (t) => {
  for (const [value, expected] of [
    ['Full-time', 'full_time'], ['FULL_TIME', 'full_time'], ['Vollzeit', 'full_time'], ['Part time', 'part_time'],
    ['Intern', 'internship'], ['Contract', 'contract'], ['Fixed-term', 'temporary'],
  ] as const) t.equal(employmentType(value), expected, value);
});

t.test('a board value joining a workplace word to a known type maps by the type', async (t) => {
  for (const [value, expected] of [
    ['Full Time Remote', 'full_time'], ['Remote - Full-time', 'full_time'], ['Part-time (Hybrid)', 'part_time'],
    ['Fully Remote, Contract', 'contract'], ['On-site Internship', 'internship'],
  ] as const) t.equal(employmentType(value), expected, value);
});

t.test('a workplace word alone, or beside an unknown value, states no employment type', async (t) => {
  for (const value of ['Remote', 'Hybrid', 'Remote Scholarship', 'Flexible Remote', '']) t.equal(employmentType(value), null, value);
});

t.test('a workplace value opens with its word', async (t) => {
  t.equal(workplace('Remote Eligible, USA'), 'remote');
  t.equal(workplace('Hybrid Position'), 'hybrid');
  t.equal(workplace('On-site (5 days)'), 'onsite');
  t.equal(workplace('Full Time Remote'), null, 'a compound employment value is not read as a workplace here');
});

t.test('pay ends given the wrong way round are swapped; a band from zero is kept as the board states it', async (t) => {
  t.same(compensation('150000', 120000, 'usd', 'yearly'), { min: 120000, max: 150000, currency: 'USD', period: 'yearly' });
  t.same(compensation(0, 123000, 'USD', 'yearly'), { min: 0, max: 123000, currency: 'USD', period: 'yearly' });
});
