// Reading verification codes out of emails (mail/verification-code.ts, docs/mailboxes.md):
// every fixture in test/fixtures/verification-emails/ gets the answer its label in labels.json
// gives, every fixture has a label and every label a fixture; then codeInText over phrasings in
// eight languages and over the numbers that are never a code. Pure: no database, no server.
import fs from 'node:fs';
import path from 'node:path';
import t from 'tap';
import { codeInText, readVerificationEmail, visibleHtml } from '../mail/verification-code.ts';
import type { VerificationEmail } from '../mail/verification-code.ts';

const FIXTURES = path.join(import.meta.dirname, 'fixtures', 'verification-emails');

interface Label {
  kind: 'code' | 'link' | 'none';
  code?: string;
  url?: string;
}

const labels = JSON.parse(fs.readFileSync(path.join(FIXTURES, 'labels.json'), 'utf8')) as Record<string, Label>;
const emlFiles = fs.readdirSync(FIXTURES).filter((name) => name.endsWith('.eml')).sort();

/** The part of an answer a label states. */
function labelOf(answer: VerificationEmail): Label {
  if (answer.kind === 'code') return { kind: 'code', code: answer.code };
  if (answer.kind === 'link') return { kind: 'link', url: answer.url };
  return { kind: 'none' };
}

const read = (name: string) => readVerificationEmail(fs.readFileSync(path.join(FIXTURES, name)));

t.test('every fixture has a label and every label a fixture', async (t) => {
  t.ok(emlFiles.length >= 30, `${emlFiles.length} fixtures`);
  t.same(Object.keys(labels).sort(), emlFiles);
  const kinds = Object.values(labels).map((label) => label.kind);
  for (const kind of ['code', 'link', 'none'] as const) t.ok(kinds.includes(kind), `some fixture expects ${kind}`);
});

t.test('each fixture reads as its label says', async (t) => {
  for (const name of emlFiles) {
    const expected = labels[name];
    if (!expected) continue; // reported by the test above
    t.same(labelOf(await read(name)), expected, name);
  }
});

t.test('the message facts: sender address, decoded subject, Date header', async (t) => {
  const latin1 = await read('12-de-bestaetigungscode-latin1.eml');
  t.equal(latin1.from, 'noreply@personio.example');
  t.equal(latin1.subject, 'Ihr Bestätigungscode', 'RFC 2047 Q-encoded ISO-8859-1 subject');
  t.equal(latin1.receivedAt?.toISOString(), '2025-05-13T09:41:07.000Z');

  const polish = await read('23-pl-kod-weryfikacyjny.eml');
  t.equal(polish.subject, 'Twój kod weryfikacyjny', 'RFC 2047 B-encoded UTF-8 subject');

  const withOffset = await read('15-de-sicherheitscode-html.eml');
  t.equal(withOffset.receivedAt?.toISOString(), '2025-05-12T16:03:55.000Z', 'Date with a +0200 offset');

  const undated = await read('37-pl-potwierdz-adres-link-no-date.eml');
  t.equal(undated.receivedAt, null, 'no Date header: null, not the time of parsing');
});

t.test('a message built here: a Date that does not parse, no From, a message mailparser refuses', async (t) => {
  const raw = (headers: string, body = '') => Buffer.from(`${headers}\nMIME-Version: 1.0\nContent-Type: text/plain; charset=utf-8\n\n${body}\n`);
  const badDate = await readVerificationEmail(raw('Date: someday soon\nFrom: a@example.com\nSubject: 123456 is your verification code'));
  t.same(labelOf(badDate), { kind: 'code', code: '123456' });
  t.equal(badDate.receivedAt, null);
  const noFrom = await readVerificationEmail(raw('Subject: Hello', 'Nothing to see.'));
  t.same({ kind: noFrom.kind, from: noFrom.from, subject: noFrom.subject }, { kind: 'none', from: '', subject: 'Hello' });
  // mailparser refuses a header block over 1 MB: the answer is none, not a rejection.
  const unparseable = await readVerificationEmail(Buffer.from(`X-Padding: ${'a'.repeat(1_100_000)}\nSubject: 123456 is your code\n\nYour code is 123456\n`));
  t.same(unparseable, { kind: 'none', from: '', subject: '', receivedAt: null });
});

t.test('codeInText: phrasings that point at a code', async (t) => {
  const cases: Array<[subject: string, text: string, code: string]> = [
    // English
    ['', 'Your verification code is 123456', '123456'],
    ['', 'Enter this code: 123-456', '123456'],
    ['', 'Use 482913 to verify your email', '482913'],
    ['', 'Your one-time passcode is 551234.', '551234'],
    ['', 'Your security code:\n\n482913\n\nIt expires in 10 minutes.', '482913'],
    ['', 'Here is your one-time password:\n**7731 0042**', '77310042'],
    ['', 'Your OTP is 4829', '4829'],
    ['', 'Your Okta verification code (valid for 5 minutes): 482913', '482913'],
    ['', 'Enter 482913 on the verification page.', '482913'],
    ['', 'Your code is K7Q2ZP', 'K7Q2ZP'],
    ['', 'Copy and paste this code into the security code field on your application: aB3dE9fQ', 'aB3dE9fQ'],
    ['', 'Your code:\n4 8 2 9 1 3', '482913'],
    ['', 'Your verification code is 2024', '2024'],
    ['', 'Your code is 123456 (expires 10:30).', '123456'],
    ['', 'Your code expires at 10:30. Code: 482913', '482913'],
    ['123456 is your Greenhouse verification code', '', '123456'],
    ['Verification code 482913', '', '482913'],
    ['[Acme] Your sign-in code: 5521 0937', 'Enter it to continue.', '55210937'],
    // German
    ['', 'Ihr Bestätigungscode lautet: 482913', '482913'],
    ['', 'Ihr Verifizierungscode: 482913', '482913'],
    ['', 'Sicherheitscode\n482913', '482913'],
    ['', 'Geben Sie 482913 ein, um Ihre E-Mail-Adresse zu bestätigen.', '482913'],
    ['482913 ist Ihr Einmalcode', '', '482913'],
    // French
    ['', 'Votre code de vérification est : 482913', '482913'],
    ['', 'Votre code de confirmation : 482913', '482913'],
    ['', "Votre code d'accès est 482913.", '482913'],
    // Spanish
    ['', 'Tu código de verificación es 482913', '482913'],
    ['', 'Su código de seguridad: 482913', '482913'],
    // Dutch
    ['', 'Je verificatiecode is 482913', '482913'],
    // Italian
    ['', 'Il tuo codice di verifica è 482913', '482913'],
    ['', 'Il codice OTP è 482913', '482913'],
    // Portuguese
    ['', 'Seu código de verificação é 482913', '482913'],
    // Polish
    ['', 'Twój kod weryfikacyjny to 482913', '482913'],
    ['', 'Wpisz kod 482913, aby potwierdzić adres.', '482913'],
    // The explicit statement wins over a loose mention; the same code twice is one code.
    ['', 'The old code 111111 no longer works.\nYour new verification code is 222333.', '222333'],
    ['Your code is 482913', 'Your code is 482913', '482913'],
    // An identifier pointing at a code noun is no code: only the body's code is left.
    ['Order 123456 - your verification code inside', 'Your code is 482913', '482913'],
    ['Ticket 773311: security code request', 'Your security code: 482913', '482913'],
  ];
  for (const [subject, text, code] of cases) t.equal(codeInText(subject, text), code, JSON.stringify(subject || text));
});

t.test('codeInText: numbers that are never a code', async (t) => {
  const cases: Array<[subject: string, text: string]> = [
    ['Order #123456 confirmed', 'Thanks for your order.'],
    ['', 'Ref: 884213'],
    ['', 'Your verification code for order #123456 is on its way.'],
    ['', 'Use code SAVE20 for 20% off'],
    ['', 'Use code 4821 at checkout for 20% off'],
    ['Our November news', 'Save 20% with code 771100 on your next order, valid until 2026-12-01.'],
    ['', 'Enter the code we sent to 555-1234'],
    ['', 'We sent a code to your phone ending in 4567.'],
    ['', 'Call us at +1 (415) 555-0123 for help with your security code'],
    ['', 'Acme Inc, 123 Main St, San Francisco, CA 94107'],
    ['', 'ZIP code 94107'],
    ['', 'Code postal : 75002'],
    ['', 'Código postal: 28013'],
    ['', 'Promo code: SAVE2025'],
    ['', 'Your reference code is AB12CD'],
    ['', 'Read our code of conduct 2024 edition'],
    ['', 'Your code is valid for 10 minutes'],
    ['', 'Your code is valid for 1440 minutes'],
    ['', 'Copyright 2024 Acme'],
    ['', 'Verification code\n2024'],
    ['', 'Your code expires on 2025-05-13 at 10:30.'],
    ['', 'Your security code is #123456'],
    ['', 'Your code is 123456789'],
    ['', 'Your code is 123'],
    ['', 'Your code is 48 29 13'],
    ['', 'Your code is abc123'],
    ['', 'Your code is below.'],
    ['', 'Your code is 1299 EUR'],
    ['', 'Your code is $1299'],
    ['', 'Application ID: 884213\nConfirmation number: 553201'],
    ['', 'Your code is 111111. Your code is 222222.'], // two codes stated alike: no guess
    ['', 'Your code is 111111. Your code is 222222.\nCode 333333'], // nor a loose third one
    ['', 'Thanks for applying! We will get back to you within 10 business days.'],
  ];
  for (const [subject, text] of cases) t.equal(codeInText(subject, text), null, JSON.stringify(subject || text));
});

t.test('visibleHtml: what a reader sees, and the links they can click', async (t) => {
  const html = `<html><head><title>Code 111111</title><style>.pre{display:none} @media (max-width:600px){.wide{display:none}} a{color:#123456}</style></head>
<body><div class="pre">Your code is 222222</div><span style="display: none">333333</span><div style="max-height:0;overflow:hidden">444444</div>
<p hidden>555555</p><script>var code = "666666";</script><p class="wide">Visible on desktop</p>
<table><tr><td>4</td><td>8</td><td>2</td></tr></table><p>Code&nbsp;&amp;&nbsp;more</p>
<a href="https://example.com/verify?t=1">Verify <img src="x.png" alt="icon"></a><a href="mailto:x@example.com">Mail</a><a href="https://example.com/x" style="display:none">Hidden</a></body></html>`;
  const { text, links } = visibleHtml(html);
  for (const hidden of ['111111', '222222', '333333', '444444', '555555', '666666', '#123456']) t.notOk(text.includes(hidden), `${hidden} is not visible`);
  t.ok(text.includes('Visible on desktop'), 'a class hidden only inside @media stays visible');
  t.ok(text.includes('4 8 2'), 'table cells are separated');
  t.ok(text.includes('Code & more'), 'entities decoded, no-break spaces made plain');
  t.same(links.map((link) => [link.url, link.label]), [['https://example.com/verify?t=1', 'Verify']], 'only visible http(s) links');
});
