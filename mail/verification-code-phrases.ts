// The words verification-code.ts reads emails by, one table per language (English, German,
// French, Spanish, Dutch, Italian, Portuguese, Polish). Each entry is regex source written with
// plain spaces: a space stands for one or more spaces or tabs on the same line (a phrase never
// spans lines). Entries are matched case-insensitively, with Unicode word edges around them.
//
// - CODE_NOUNS: names of a verification code ("verification code", "Bestätigungscode",
//   "code de vérification", "kod weryfikacyjny"). A code is only ever read next to one.
// - BARE_CODE: the bare word "code" in each language, with the words that make it some other
//   code (ZIP, promo, reference, "code of conduct") kept out.
// - VERBS: what joins a code noun and its code ("is", "lautet", "est", "è", "to").
// - LEAD_VERBS / VERIFY_WORDS: "Use 482913 to verify", "Geben Sie 482913 ein, um ... zu bestätigen".
// - NOT_A_CODE_BEFORE / NOT_A_CODE_AFTER: the words that make a number something else (order,
//   reference and ticket numbers, prices, durations).
// - VERIFY_REQUESTS / VERIFY_ACTIONS / NOT_VERIFY_LINKS: link-style verification mails.

/** Names of a verification code. */
export const CODE_NOUNS: Record<string, string[]> = {
  en: [
    '(?:e-?mail |account |two-factor |2fa |2-step |two-step |mfa |sms )?(?:verification|confirmation|security|authentication|access|log-?in|sign-?in|one-?time|single-?use|temporary|validation|activation|otp) (?:pass ?)?(?:code|pin)',
    'one-?time pass(?:word|code)',
    'pass ?code',
    'otp',
  ],
  de: [
    '(?:bestätigungs|verifizierungs|verifikations|sicherheits|einmal|zugangs|anmelde|login|authentifizierungs|freischalt|aktivierungs|prüf)-?code',
    'einmal-?(?:passwort|kennwort)',
  ],
  fr: [
    "code (?:de |d'|d’)(?:vérification|verification|confirmation|sécurité|securite|validation|connexion|accès|acces|activation|authentification)",
    'code (?:à usage unique|temporaire|unique)',
    'mot de passe (?:à usage unique|temporaire)',
  ],
  es: [
    'c[oó]digo (?:de )?(?:verificaci[oó]n|confirmaci[oó]n|seguridad|acceso|validaci[oó]n|activaci[oó]n|autenticaci[oó]n|inicio de sesi[oó]n|un solo uso)',
    'c[oó]digo temporal',
    'contraseña de un solo uso',
  ],
  nl: ['(?:verificatie|bevestigings|beveiligings|toegangs|aanmeld|login|activatie|validatie)code', 'eenmalige code', 'eenmalig wachtwoord'],
  it: ['codice (?:di )?(?:verifica|conferma|sicurezza|accesso|convalida|attivazione|autenticazione)', 'codice (?:monouso|temporaneo|otp)', 'password monouso'],
  pt: [
    'c[oó]digo de (?:verifica[cç][aã]o|confirma[cç][aã]o|seguran[cç]a|acesso|valida[cç][aã]o|ativa[cç][aã]o|autentica[cç][aã]o)',
    'c[oó]digo tempor[aá]rio',
    'senha de uso [uú]nico',
  ],
  pl: [
    'kod\\p{L}* (?:weryfikacyjn\\p{L}*|potwierdzaj\\p{L}*|potwierdzenia|bezpieczeństwa|jednorazow\\p{L}*|dostępu|autoryzacyjn\\p{L}*|aktywacyjn\\p{L}*|logowania)',
    'jednorazow\\p{L}* kod\\p{L}*',
    'hasło jednorazowe',
  ],
};

/** "code" itself: code (en, de, fr, nl), código (es, pt), codice (it), kod (pl). */
export const BARE_CODE_WORDS = ['codes?', 'c[oó]digos?', 'codice', 'kod(?:u|em|y)?'];

/** Words before "code" that make it another kind of code ("ZIP code", "promo code", "reference code"). */
export const OTHER_CODES_BEFORE = [
  'zip', 'postal', 'post', 'postcode', 'promo', 'promotional', 'discount', 'coupon', 'voucher', 'gift', 'referral', 'reference', 'tracking', 'booking',
  'invitation', 'invite', 'area', 'country', 'dialing', 'dialling', 'source', 'qr', 'bar', 'dress', 'error', 'status', 'product', 'tax', 'sort', 'swift', 'bank',
  'airport', 'ethics', 'class', 'door', 'building', 'rabatt', 'gutschein', 'aktions', 'quell',
];
/** Words after "code" that make it another kind of code ("code postal", "codice fiscale", "code of conduct"). */
export const OTHER_CODES_AFTER = [
  'postal', 'promo\\p{L}*', 'de (?:réduction|reduction|descuento|desconto|promo\\p{L}*|conduite|conducta|conduta|r[eé]f[eé]rence|referencia|seguimiento|rastreio)',
  'fiscale', 'sconto', 'promozionale', 'postale', 'rabatowy', 'pocztowy', 'of conduct', 'review\\p{L}*', 'editor', 'snippets?', 'base', 'repositor\\p{L}*', 'challenge',
  'samples?', 'quality',
];

/** What joins a code noun and the code after it: "is", "lautet", "est", "es", "è", "é", "to". */
export const VERBS = ['is', 'was', 'are', 'ist', 'lautet', 'lauten', 'est', 'es', 'è', "e'", 'é', 'luidt', 'jest', 'wynosi', 'to'];

/** Words that start "Use 482913 to verify": the code comes right after them. */
export const LEAD_VERBS = [
  'use', 'enter', 'type', 'input', 'paste', 'verwenden sie', 'verwende', 'nutzen sie', 'geben sie', 'gib', 'utilisez', 'utilise', 'saisissez', 'saisis', 'entrez',
  'usa', 'utiliza', 'introduce', 'ingresa', 'escribe', 'gebruik', 'voer', 'vul', 'inserisci', 'utilizza', 'digita', 'digite', 'insira', 'utilize', 'use o',
  'użyj', 'wpisz', 'wprowadź', 'podaj',
];
/** Words saying what a code is for: verifying, confirming, signing in. */
export const VERIFY_WORDS = [
  'verif\\p{L}*', 'confirm\\p{L}*', 'authenticat\\p{L}*', 'sign in', 'sign-in', 'log in', 'log-in', 'login', 'bestätig\\p{L}*', 'anmeld\\p{L}*', 'einlogg\\p{L}*',
  'vérifi\\p{L}*', 'valid\\p{L}*', 'connexion', 'connecter', 'iniciar sesión', 'inloggen', 'bevestig\\p{L}*', 'conferm\\p{L}*', 'accedi', 'accedere', 'entrar',
  'weryfik\\p{L}*', 'zweryfik\\p{L}*', 'potwierd\\p{L}*', 'zaloguj\\p{L}*', 'logowani\\p{L}*',
];

/** Words just before a number that make it an identifier, not a code ("Order #", "Ref:", "Ticket", "Bestellnummer"). */
export const NOT_A_CODE_BEFORE = [
  'order', 'orders', 'order number', 'order no', 'ref', 'reference', 'reference number', 'ticket', 'case', 'invoice', 'booking', 'receipt', 'transaction', 'tracking',
  'confirmation number', 'confirmation no', 'account number', 'account no', 'customer', 'customer number', 'member', 'membership', 'candidate id',
  'candidate number', 'applicant id', 'application id', 'application number', 'requisition', 'req', 'job id', 'job number', 'posting', 'id', 'no', 'nr', 'num', 'number', 'phone', 'tel', 'telephone', 'mobile', 'fax',
  'call', 'sms', 'whatsapp', 'suite', 'ste', 'unit', 'box', 'po box', 'floor', 'zip', 'zip code', 'postal code', 'postcode', 'plz', 'cp', 'cap',
  'bestellung', 'bestellnummer', 'auftrag', 'auftragsnummer', 'rechnung', 'rechnungsnummer', 'referenz', 'referenznummer', 'kundennummer', 'vorgang', 'aktenzeichen',
  'stellen-id', 'bewerbungsnummer', 'telefon', 'tel\\.', 'commande', 'numéro de commande', 'référence', 'facture', 'dossier', 'téléphone', 'pedido', 'número de pedido',
  'referencia', 'factura', 'teléfono', 'bestelling', 'bestelnummer', 'referentie', 'factuur', 'telefoon', 'ordine', 'riferimento', 'fattura', 'telefono', 'encomenda',
  'referência', 'fatura', 'zamówienie', 'zamówienia', 'numer', 'faktura', 'telefon',
  // A price: "EUR 1299", "USD 1299".
  'usd', 'eur', 'gbp', 'chf', 'pln', 'cad', 'aud',
  // A phone number the code was sent to: "we sent it to 555-1234", "your phone ending in 4567".
  'sent to', 'send to', 'texted to', 'text to', 'mailed to', 'emailed to', 'delivered to', 'ending in', 'ending with', 'endet auf', 'endend auf',
  'se terminant par', 'termina en', 'terminado en', 'eindigend op', 'eindigt op', 'che termina con', 'terminado em', 'kończący się na', 'zakończony',
];
/** Words just after a number that make it a duration, price or size ("10 minutes", "1299 EUR"). */
export const NOT_A_CODE_AFTER = [
  'seconds?', 'secs?', 'minutes?', 'mins?', 'hours?', 'hrs?', 'days?', 'weeks?', 'months?', 'years?', 'sekunden', 'minuten', 'stunden', 'tage?n?', 'wochen', 'secondes',
  'heures', 'jours', 'segundos', 'minutos', 'horas', 'días', 'dias', 'seconden', 'uur', 'dagen', 'secondi', 'minuti', 'ore', 'giorni', 'sekund', 'minut', 'godzin\\p{L}*',
  'dni', 'usd', 'eur', 'gbp', 'chf', 'pln', 'dollars?', 'euros?', 'zł', 'px', 'employees', 'applicants', 'jobs', 'people', 'users',
];

/** A mail asking to verify the address or account through a link. */
export const VERIFY_REQUESTS: Record<string, string[]> = {
  en: [
    '(?:verify|confirm|validate|activate) (?:your |the |this |my )?(?:e-?mail(?: address)?|address|account|registration|sign-?up|identity)',
    'e-?mail (?:address )?(?:verification|confirmation)',
    'account (?:activation|verification|confirmation)',
    'click (?:on )?(?:the|this) (?:link|button)(?: below)? to (?:verify|confirm|activate|validate)',
  ],
  de: [
    '(?:e-?mail-?adresse|e-?mail|konto|benutzerkonto|registrierung|anmeldung|kundenkonto) (?:zu )?(?:bestätigen|verifizieren|aktivieren)',
    '(?:bestätigen|verifizieren|aktivieren) sie (?:bitte )?(?:ihre|ihr|deine|dein) (?:e-?mail\\p{L}*|konto|benutzerkonto|registrierung|anmeldung)',
    '(?:bestätige|verifiziere|aktiviere) (?:bitte )?(?:deine|dein) (?:e-?mail\\p{L}*|konto|registrierung)',
    '(?:bestätigung|verifizierung|aktivierung) (?:ihrer|deiner|ihres|deines) (?:e-?mail\\p{L}*|kontos|registrierung)',
    'e-?mail-?(?:bestätigung|verifizierung)',
  ],
  fr: [
    "(?:confirme[rz]?|vérifie[rz]?|valide[rz]?|active[rz]?) (?:votre|ton|ta|l'|l’)(?: )?(?:adresse(?: e-?mail| électronique)?|e-?mail|compte|inscription)",
    "(?:confirmation|vérification|validation|activation) de (?:votre |l'|l’)(?: )?(?:adresse(?: e-?mail)?|e-?mail|compte|inscription)",
  ],
  es: [
    '(?:verifica|confirma|valida|activa)(?:r)? (?:tu|su) (?:correo(?: electrónico)?|dirección(?: de correo(?: electrónico)?)?|cuenta|e-?mail|registro)',
    '(?:verificación|confirmación|activación) de (?:tu|su) (?:correo(?: electrónico)?|dirección|cuenta|e-?mail|registro)',
  ],
  nl: [
    '(?:bevestig|verifieer|activeer)(?:en)? (?:je|uw|jouw) (?:e-?mail(?:adres)?|account|registratie)',
    '(?:je|uw|jouw) (?:e-?mail(?:adres)?|account|registratie) (?:bevestigen|verifiëren|activeren)',
  ],
  it: [
    '(?:conferma|verifica|attiva)(?:re)? (?:il tuo|la tua|il suo|la sua|tuo|tua|l\'|l’)(?: )?(?:indirizzo(?: e-?mail)?|e-?mail|account|registrazione)',
  ],
  pt: [
    '(?:confirme|verifique|ative|confirmar|verificar|ativar) (?:o seu |a sua |seu |sua |o |a )?(?:e-?mail|endereço(?: de e-?mail)?|conta|cadastro|registro)',
  ],
  pl: [
    '(?:potwierdź|zweryfikuj|aktywuj|potwierdzić|zweryfikować|aktywować) (?:swój |swoje |twój |twoje )?(?:adres(?: e-?mail)?|e-?mail|konto|rejestracj\\p{L}*)',
  ],
};
/** What a verification link's own text says: "Verify email", "E-Mail bestätigen", "Confirmer". */
export const VERIFY_ACTIONS = [
  'verify', 'verification', 'confirm', 'confirmation', 'activate', 'activation', 'validate', 'bestätigen', 'bestätigung', 'verifizieren', 'aktivieren', 'confirmer',
  'vérifier', 'valider', 'activer', 'verificar', 'confirmar', 'activar', 'validar', 'bevestigen', 'bevestig', 'verifiëren', 'activeren', 'conferma', 'confermare',
  'verifica', 'attiva', 'confirme', 'verifique', 'ativar', 'ative', 'potwierdź', 'zweryfikuj', 'aktywuj', 'potwierdzam',
];
/** Link URL parts that say verify/confirm/activate. */
export const VERIFY_URL_PARTS = ['verif', 'confirm', 'activat', 'validat', 'bestaetig', 'bestätig', 'magic-?link', 'email-?token', 'verify'];
/** Links that are never the verification link: unsubscribe, privacy, help, social, password reset, "not you". */
export const NOT_VERIFY_LINKS = [
  'unsubscribe', 'opt-?out', 'preferences', 'privacy', 'datenschutz', 'confidentialit', 'privacidad', 'privacy', 'terms', 'agb', 'impressum', 'imprint', 'legal',
  'help', 'hilfe', 'aide', 'ayuda', 'support', 'faq', 'contact', 'kontakt', 'facebook', 'twitter', 'linkedin', 'instagram', 'youtube', '(?://|\\.)x\\.com', 'tiktok',
  'apps\\.apple', 'play\\.google', 'logo', 'view (?:it |this )?(?:email |message )?in (?:your )?browser', 'im browser', 'reset', 'password', 'passwort',
  'mot de passe', 'contraseña', 'wachtwoord', 'not you', "wasn't you", 'report', 'abmelden', 'désabonner', 'désinscri', 'darse de baja', 'afmelden', 'disiscriviti',
  'cancelar inscrição', 'wypisz', 'descadastr', 'cancel',
];

/** Words around a number that say it is a promotion, not a verification code ("Use code SAVE20 for 20% off"). */
export const PROMOTION_WORDS = [
  '% off', 'discount', 'promo\\p{L}*', 'coupon', 'voucher', 'sale', 'checkout', 'rabatt', 'gutschein', 'réduction', 'soldes', 'descuento', 'rebajas', 'korting',
  // "Save 20% with code 771100 on your next order"
  'save', 'savings', 'next order', 'your order', 'free shipping', 'shop\\p{L}*',
  'sconto', 'desconto', 'rabat\\p{L}*', 'kupon',
];
