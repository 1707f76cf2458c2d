/**
 * What the screens and messages must say, in English and Tamil, for tests to assert where a text is shown. The
 * English is written from docs/product (each group names its page); the Tamil is its reviewed translation. Never
 * read from the catalogues the code uses, so a wrong, changed or untranslated catalogue entry fails the test that
 * shows it. Only the texts that carry meaning are here: the janaza, prayers and dates, refusals, delivery reasons,
 * channel names and the sign-up outcomes.
 */
interface Twin<T = string> {
  en: T;
  ta: T;
}

// docs/product/rules.md#janaza-notice: the five daily prayers a janaza prayer follows.
export const PRAYER_NAMES = {
  subuh: { en: 'Subuh', ta: 'சுபுஹ்' },
  zohor: { en: 'Zohor', ta: 'ளுஹர்' },
  asar: { en: 'Asar', ta: 'அஸர்' },
  maghrib: { en: 'Maghrib', ta: 'மஃரிப்' },
  isyak: { en: 'Isyak', ta: 'இஷா' },
} satisfies Record<string, Twin>;

/** docs/product/data.md#janaza-notice: "after Asar (about 4:17 pm)", the time as Intl writes it in each language. */
export const AFTER_PRAYER: Twin<(prayer: string, time: string) => string> = {
  en: (prayer, time) => `after ${prayer} (about ${time})`,
  ta: (prayer, time) => `${prayer} தொழுகைக்குப் பின் (ஏறக்குறைய ${time})`,
};

/** docs/product/data.md#janaza-notice: a notice due 2026-11-26T08:17:00Z after Asar, its date as Intl's full date. */
export const JANAZA_WHEN_EXAMPLE = {
  dueDate: '2026-11-26T08:17:00.000Z',
  prayer: 'asar',
  en: 'Thursday, 26 November 2026, after Asar (about 4:17 pm)',
  ta: 'வியாழன், 26 நவம்பர், 2026, அஸர் தொழுகைக்குப் பின் (ஏறக்குறைய 4:17 PM)',
} as const;

export const JANAZA = {
  // docs/product/screens.md#landing: a notice link's preview reads "Janaza: <name>"; the messages' title too.
  title: { en: (name: string) => `Janaza: ${name}`, ta: (name: string) => `ஜனாஸா: ${name}` },
  // docs/product/delivery.md#what-is-sent: the messages name the time of the janaza prayer...
  prayerLine: { en: 'Janaza prayer: ', ta: 'ஜனாஸா தொழுகை: ' },
  // ...and the place, "Singapore <postal code>".
  singapore: { en: (postal: string) => `Singapore ${postal}`, ta: (postal: string) => `சிங்கப்பூர் ${postal}` },
  // docs/product/screens.md#landing: the upcoming janaza prayers, or none.
  feedHeading: { en: 'Janaza prayers', ta: 'ஜனாஸா தொழுகைகள்' },
  noneAnnounced: {
    en: 'No janaza prayer is announced at the moment.',
    ta: 'தற்போது எந்த ஜனாஸா தொழுகையும் அறிவிக்கப்படவில்லை.',
  },
  // docs/product/screens.md#summary: the janaza notices card.
  summaryCard: { en: 'Janazah Announcements', ta: 'ஜனாஸா அறிவிப்புகள்' },
  // docs/product/screens.md#janaza-notifications: the status that sends the notice.
  notifyNow: { en: 'Notify Now!', ta: 'இப்போதே அறிவி!' },
} satisfies Record<string, Twin<unknown>>;

// docs/product/delivery.md#delivery-status: the channels by name on the dashboard.
export const CHANNEL_NAMES = {
  webpush: { en: 'Web push', ta: 'வலை அறிவிப்பு' },
  email: { en: 'Email', ta: 'மின்னஞ்சல்' },
  telegram: { en: 'Telegram', ta: 'டெலிகிராம்' },
  whatsapp: { en: 'WhatsApp', ta: 'வாட்ஸ்அப்' },
} satisfies Record<string, Twin>;

/**
 * What the staff screens say when an action ends, from docs/product/errors.md#on-the-screens and screens.md (the
 * product's original wording, "UmmahNotify user deleted successfull." spelled as it was given). e2e finds buttons by
 * the catalogues' words, but asserts what a screen says from here.
 */
export const STAFF_OUTCOMES = {
  janaza: {
    // docs/product/screens.md#janaza-notifications: the list's and the form's headings
    listTitle: { en: 'Janaza Notifications', ta: 'ஜனாஸா அறிவிப்புகள்' },
    createTitle: { en: 'Create Janaza Notification', ta: 'ஜனாஸா அறிவிப்பை உருவாக்கு' },
    created: { en: 'Notification created successfully ✅', ta: 'அறிவிப்பு வெற்றிகரமாக உருவாக்கப்பட்டது ✅' },
    createFailed: { en: 'Failed to create notification ❌', ta: 'அறிவிப்பை உருவாக்க முடியவில்லை ❌' },
    empty: { en: 'No Notifications Found', ta: 'அறிவிப்புகள் எதுவும் இல்லை' },
    updated: { en: 'Notification updated', ta: 'அறிவிப்பு புதுப்பிக்கப்பட்டது' },
    confirmDelete: {
      en: 'Are you sure you want to delete this notification?',
      ta: 'இந்த அறிவிப்பை நிச்சயமாக நீக்க விரும்புகிறீர்களா?',
    },
    deleted: { en: 'Notification deleted', ta: 'அறிவிப்பு நீக்கப்பட்டது' },
    // the row's place line under the address
    postal: { en: (code: string) => `Postal ${code}`, ta: (code: string) => `அஞ்சல் குறியீடு ${code}` },
    // the list's count, "Showing X of Y notifications"
    showing: {
      en: (shown: string, total: string) => `Showing ${shown} of ${total} notifications`,
      ta: (shown: string, total: string) => `${total} அறிவிப்புகளில் ${shown} காட்டப்படுகின்றன`,
    },
    // docs/product/errors.md#http-refusals: a photo that is not an image, checked by its content
    notAnImage: {
      en: 'The file is not a JPEG, PNG or WebP image.',
      ta: 'இந்தக் கோப்பு JPEG, PNG அல்லது WebP படம் அல்ல.',
    },
  },
  members: {
    createTitle: { en: 'Create Member', ta: 'உறுப்பினரை உருவாக்கு' },
    created: { en: 'Member created successfully!', ta: 'உறுப்பினர் வெற்றிகரமாக உருவாக்கப்பட்டார்!' },
    detailsTitle: { en: 'Member Details', ta: 'உறுப்பினர் விவரங்கள்' },
    updated: { en: 'User updated successfully.', ta: 'பயனர் வெற்றிகரமாகப் புதுப்பிக்கப்பட்டார்.' },
    verified: { en: 'Member verified.', ta: 'உறுப்பினர் சரிபார்க்கப்பட்டார்.' },
    revokeConfirm: {
      en: 'Are you sure you want to revoke this member? This deletes the member.',
      ta: 'இந்த உறுப்பினரைத் திரும்பப் பெற விரும்புகிறீர்களா? இது உறுப்பினரை நீக்கிவிடும்.',
    },
    revoked: { en: 'UmmahNotify user deleted successfull.', ta: 'UmmahNotify பயனர் வெற்றிகரமாக நீக்கப்பட்டார்.' },
    yes: { en: 'Yes', ta: 'ஆம்' },
  },
  committee: {
    formTitle: { en: 'Committee Member Form', ta: 'குழு உறுப்பினர் படிவம்' },
    created: { en: 'User created.', ta: 'பயனர் உருவாக்கப்பட்டார்.' },
    saved: { en: 'Member saved.', ta: 'உறுப்பினர் சேமிக்கப்பட்டார்.' },
    deleteConfirm: {
      en: 'Are you sure you want to delete this member?',
      ta: 'இந்த உறுப்பினரை நீக்க விரும்புகிறீர்களா?',
    },
    deleted: { en: 'Member deleted.', ta: 'உறுப்பினர் நீக்கப்பட்டார்.' },
    roleAssigned: { en: 'Role assigned successfully!', ta: 'பங்கு வெற்றிகரமாக ஒதுக்கப்பட்டது!' },
  },
} satisfies Record<string, Record<string, Twin<unknown>>>;

// docs/product/screens.md#dashboard: the sidebar's sections in the superadmin's order, and docs/product/rights.md's
// roles as the committee list and the header name them.
export const SECTION_NAMES = {
  summary: { en: 'Summary', ta: 'சுருக்கம்' },
  committeeMembers: { en: 'Committee Members', ta: 'குழு உறுப்பினர்கள்' },
  members: { en: 'Members', ta: 'உறுப்பினர்கள்' },
  janazaNotifications: { en: 'Janaza Notifications', ta: 'ஜனாஸா அறிவிப்புகள்' },
  events: { en: 'Events', ta: 'நிகழ்வுகள்' },
} satisfies Record<string, Twin>;

export const ROLE_NAMES = {
  // The Tamil for superadmin waits for a native speaker's choice (the catalogue has மேலதிக நிர்வாகி, "additional
  // admin", in eight places and சூப்பர் நிர்வாகி in one), so no test asserts it yet.
  superadmin: { en: 'Superadmin' },
  admin: { en: 'Admin', ta: 'நிர்வாகி' },
  editor: { en: 'Editor', ta: 'தொகுப்பாளர்' },
} satisfies Record<string, Partial<Twin>>;

// docs/product/errors.md#on-the-screens: a call that gets no answer, on the dashboard and the public pages alike.
export const NETWORK_ERROR: Twin = {
  en: 'Could not reach the server. Check your connection and try again.',
  ta: 'சேவையகத்தை அடைய முடியவில்லை. உங்கள் இணைப்பைச் சரிபார்த்து மீண்டும் முயற்சிக்கவும்.',
};

export const DELIVERY = {
  // docs/product/errors.md#on-the-screens: a channel not configured is off, naming the settings it lacks
  // (README "Configuration").
  notSet: { en: (name: string) => `${name} is not set`, ta: (name: string) => `${name} அமைக்கப்படவில்லை` },
  notSetTwo: {
    en: (a: string, b: string) => `${a} and ${b} are not set`,
    ta: (a: string, b: string) => `${a}, ${b} ஆகிய இரண்டும் அமைக்கப்படவில்லை`,
  },
  // docs/product/delivery.md#delivery-status: while messages wait.
  pausedUntil: {
    en: (provider: string, time: string) => `Paused by ${provider} until ${time}`,
    ta: (provider: string, time: string) => `${provider} ${time} வரை இடைநிறுத்தியுள்ளது`,
  },
  allBy: {
    en: (time: string) => `All by ${time}`,
    ta: (time: string) => `${time}-க்குள் அனைவருக்கும் அனுப்பப்படும்`,
  },
  // docs/product/delivery.md#quiet-hours: an event published at night.
  heldUntil: {
    en: (time: string) => `Quiet hours: goes out at ${time}`,
    ta: (time: string) => `இரவு அமைதி நேரம்: ${time}-க்கு அனுப்பப்படும்`,
  },
  waitingForDailyLimit: {
    en: (count: string) => `${count} waiting for WhatsApp's daily limit`,
    ta: (count: string) => `${count} வாட்ஸ்அப்பின் தினசரி வரம்புக்காகக் காத்திருக்கின்றன`,
  },
  // docs/product/delivery.md#delivery-status: why messages failed.
  notOnWhatsApp: {
    en: (count: number) => `${count} not on WhatsApp`,
    ta: (count: number) => `${count} பேர் வாட்ஸ்அப்பில் இல்லை`,
  },
  noMailbox: {
    en: (count: number) => `${count} whose mailbox does not exist`,
    ta: (count: number) => `${count} பேரின் அஞ்சல்பெட்டி இல்லை`,
  },
  blockedBot: {
    en: (count: number) => `${count} blocked the bot`,
    ta: (count: number) => `${count} பேர் நமது பாட்டைத் தடுத்துள்ளனர்`,
  },
  // docs/product/screens.md#summary: a shared sign-up budget on the channels card, from half used
  budgetCodes: {
    en: (used: string, limit: string) => `Sign-up codes today: ${used} of ${limit}`,
    ta: (used: string, limit: string) => `இன்றைய பதிவுக் குறியீடுகள்: ${limit} இல் ${used}`,
  },
  budgetMails: {
    en: (used: string, limit: string) => `Sign-up mails this hour: ${used} of ${limit}`,
    ta: (used: string, limit: string) => `இந்த மணி நேரப் பதிவு மின்னஞ்சல்கள்: ${limit} இல் ${used}`,
  },
  budgetHalf: {
    en: 'Half used: the check that visitors are not robots now takes longer.',
    ta: 'பாதி பயன்படுத்தப்பட்டது: பார்வையாளர்கள் ரோபோக்கள் அல்ல என்ற சரிபார்ப்பு இப்போது அதிக நேரம் எடுக்கும்.',
  },
  budgetNearlyFull: {
    en: (time: string) => `80 % used: when it is full, sign-ups stop until ${time}.`,
    ta: (time: string) => `80 % பயன்படுத்தப்பட்டது: இது நிரம்பியதும், ${time} வரை பதிவுகள் நிறுத்தப்படும்.`,
  },
} satisfies Record<string, Twin<unknown>>;

// docs/product/screens.md#landing: web push where the browser has none. iOS Safari is shown how to add the site to
// the Home Screen (the steps, and the picture's labels: Safari's own words); any other browser is told it cannot.
export const WEB_PUSH_HERE = {
  unsupported: {
    en: 'This browser cannot receive notifications. Please choose another way.',
    ta: 'இந்த உலாவியால் அறிவிப்புகளைப் பெற முடியாது. வேறு வழியைத் தேர்ந்தெடுக்கவும்.',
  },
  homeScreenIntro: {
    en: 'On iPhone and iPad, notifications come to this site once it is on your Home Screen. In Safari:',
    ta: 'iPhone, iPad இல் இந்தத் தளம் உங்கள் முகப்புத் திரையில் சேர்க்கப்பட்ட பிறகே அறிவிப்புகள் வரும். Safari இல்:',
  },
  homeScreenSteps: {
    en: [
      'Tap Share (a square with an arrow pointing up; if you do not see it, tap ••• first).',
      'Tap "Add to Home Screen", then "Add".',
      'Open UmmahNotify from your Home Screen and tap "Turn on notifications".',
    ],
    ta: [
      'பகிர் பொத்தானைத் தட்டவும் (மேல்நோக்கிய அம்புக்குறியுடன் ஒரு சதுரம்; அது தெரியவில்லை என்றால், முதலில் ••• ஐத் தட்டவும்).',
      '"முகப்புத் திரையில் சேர்" என்பதைத் தட்டி, பிறகு "சேர்" என்பதைத் தட்டவும்.',
      'முகப்புத் திரையிலிருந்து UmmahNotify ஐத் திறந்து "அறிவிப்புகளை இயக்கு" என்பதைத் தட்டவும்.',
    ],
  },
  share: { en: 'Share', ta: 'பகிர்' },
  addToHomeScreen: { en: 'Add to Home Screen', ta: 'முகப்புத் திரையில் சேர்' },
} satisfies Record<string, Twin<unknown>>;

// docs/product/delivery.md#sign-up and docs/product/errors.md#http-refusals: what the sign-up refuses.
export const SIGNUP_REFUSALS = {
  emailOff: {
    en: 'Email sign-up is not available right now. Please choose another way.',
    ta: 'மின்னஞ்சல் பதிவு தற்போது கிடைக்கவில்லை. வேறு வழியைத் தேர்ந்தெடுக்கவும்.',
  },
  telegramOff: {
    en: 'Telegram sign-up is not available right now. Please choose another way.',
    ta: 'Telegram பதிவு தற்போது கிடைக்கவில்லை. வேறு வழியைத் தேர்ந்தெடுக்கவும்.',
  },
  whatsappOff: {
    en: 'WhatsApp sign-up is not available right now. Please choose another way.',
    ta: 'WhatsApp பதிவு தற்போது கிடைக்கவில்லை. வேறு வழியைத் தேர்ந்தெடுக்கவும்.',
  },
  unknownLink: {
    en: 'This unsubscribe link is not valid. You may already be unsubscribed.',
    ta: 'இந்தப் பதிவு நீக்க இணைப்பு செல்லாது. நீங்கள் ஏற்கெனவே பதிவு நீக்கப்பட்டிருக்கலாம்.',
  },
  // a WhatsApp code is valid 10 minutes
  codeExpired: {
    en: 'This code has expired. Please ask for a new one.',
    ta: 'இந்தக் குறியீடு காலாவதியானது. புதிய குறியீட்டைக் கேளுங்கள்.',
  },
  // the proof-of-work challenge ("not a robot")
  proofRefused: {
    en: 'The check that you are not a robot did not pass. Please try again.',
    ta: 'நீங்கள் ரோபோ அல்ல என்ற சரிபார்ப்பு ஏற்கப்படவில்லை. மீண்டும் முயற்சிக்கவும்.',
  },
  proofExpired: {
    en: 'The check that you are not a robot has expired. Please try again.',
    ta: 'நீங்கள் ரோபோ அல்ல என்ற சரிபார்ப்பு காலாவதியானது. மீண்டும் முயற்சிக்கவும்.',
  },
  proofMissing: {
    en: 'The check that you are not a robot is missing. Reload the page and try again.',
    ta: 'நீங்கள் ரோபோ அல்ல என்ற சரிபார்ப்பு இல்லை. பக்கத்தைப் புதுப்பித்து மீண்டும் முயற்சிக்கவும்.',
  },
  // a shared budget's share one network may take (docs/decisions/2026-11-26-signup-limits.md)
  tooManyCodesFromNetwork: {
    en: 'Too many codes were asked for from this network today. Please try again tomorrow, or choose another way.',
    ta: 'இந்த இணைய இணைப்பிலிருந்து இன்று பல குறியீடுகள் கேட்கப்பட்டுள்ளன. நாளை மீண்டும் முயற்சிக்கவும், அல்லது வேறு வழியைத் தேர்ந்தெடுக்கவும்.',
  },
  tooManyFromNetwork: {
    en: 'Many sign-ups came from this network this hour. Please try again in an hour, or choose another way.',
    ta: 'இந்த மணி நேரத்தில் இந்த இணைய இணைப்பிலிருந்து பல பதிவுகள் வந்துள்ளன. ஒரு மணி நேரம் கழித்து மீண்டும் முயற்சிக்கவும், அல்லது வேறு வழியைத் தேர்ந்தெடுக்கவும்.',
  },
  whatsappDailyLimit: {
    en: 'WhatsApp sign-up has reached its limit for today. Please try again tomorrow, or choose another way.',
    ta: 'WhatsApp பதிவு இன்றைய வரம்பை எட்டிவிட்டது. நாளை மீண்டும் முயற்சிக்கவும், அல்லது வேறு வழியைத் தேர்ந்தெடுக்கவும்.',
  },
  // web push: the push service refused the welcome push (404/410 or another refusal), or did not answer
  pushSubscriptionRefused: {
    en: "This browser's push service does not accept notices for its subscription. Please try again: the page makes a new one.",
    ta: 'இந்த உலாவியின் அறிவிப்புச் சேவை அதன் பதிவுக்கு அறிவிப்புகளை ஏற்கவில்லை. மீண்டும் முயற்சிக்கவும்: பக்கம் புதிய பதிவை உருவாக்கும்.',
  },
  pushNotDelivered: {
    en: "We could not reach this browser's push service just now. Please try again later.",
    ta: 'இப்போது இந்த உலாவியின் அறிவிப்புச் சேவையை அணுக முடியவில்லை. பிறகு மீண்டும் முயற்சிக்கவும்.',
  },
  // the fields, checked in the page before anything is sent
  emailInvalid: { en: 'Enter a valid email address', ta: 'சரியான மின்னஞ்சல் முகவரியை உள்ளிடவும்' },
  phoneInvalid: { en: 'Enter an 8-digit Singapore number', ta: '8 இலக்க சிங்கப்பூர் எண்ணை உள்ளிடவும்' },
  codeInvalid: { en: 'Enter the 6-digit code', ta: '6 இலக்கக் குறியீட்டை உள்ளிடவும்' },
  topicsRequired: { en: 'Choose at least one topic', ta: 'குறைந்தது ஒரு தலைப்பைத் தேர்ந்தெடுக்கவும்' },
} satisfies Record<string, Twin>;

// docs/product/delivery.md#sign-up: what a sign-up ends in, on the page and in the replies.
export const SIGNUP_OUTCOMES = {
  emailSent: {
    en: (email: string) => `Check your inbox: click the link we sent to ${email} to confirm.`,
    ta: (email: string) => `உங்கள் அஞ்சல் பெட்டியைப் பாருங்கள்: உறுதிப்படுத்த ${email} க்கு அனுப்பிய இணைப்பைக் கிளிக் செய்யவும்.`,
  },
  // web push: subscribed at once in the browser that asked
  webpushSubscribed: {
    en: 'Done: this browser will show our notices.',
    ta: 'முடிந்தது: இந்த உலாவி எங்கள் அறிவிப்புகளைக் காட்டும்.',
  },
  codeSent: {
    en: (phone: string) => `We sent a code by WhatsApp to ${phone}.`,
    ta: (phone: string) => `${phone} எண்ணுக்கு WhatsApp மூலம் குறியீடு அனுப்பினோம்.`,
  },
  whatsappDone: {
    en: (phone: string) => `Done: notices will come to ${phone} on WhatsApp.`,
    ta: (phone: string) => `முடிந்தது: அறிவிப்புகள் WhatsApp இல் ${phone} எண்ணுக்கு வரும்.`,
  },
  confirmed: { en: 'Your email is confirmed', ta: 'உங்கள் மின்னஞ்சல் உறுதிப்படுத்தப்பட்டது' },
  // the confirmation link is valid 48 hours, and once
  confirmExpired: {
    en: 'This link has expired or was already used',
    ta: 'இந்த இணைப்பு காலாவதியானது அல்லது ஏற்கெனவே பயன்படுத்தப்பட்டது',
  },
  unsubscribed: { en: 'You will not receive any more messages', ta: 'இனி உங்களுக்கு எந்தச் செய்தியும் வராது' },
  unsubscribeGone: { en: 'This link is no longer valid', ta: 'இந்த இணைப்பு இனி செல்லாது' },
  confirmSubject: {
    en: 'Confirm your subscription to UmmahNotify',
    ta: 'UmmahNotify பதிவை உறுதிப்படுத்துங்கள்',
  },
  // Telegram: /start subscribes, /stop ends it; WhatsApp: STOP ends it.
  telegramWelcome: {
    en: (topics: string) => `You are subscribed to UmmahNotify (${topics}). Send /stop to stop these messages.`,
    ta: (topics: string) => `நீங்கள் UmmahNotify-இல் பதிவு செய்துள்ளீர்கள் (${topics}). இச்செய்திகளை நிறுத்த /stop அனுப்புங்கள்.`,
  },
  topics: { en: 'janaza notices, events', ta: 'ஜனாஸா அறிவிப்புகள், நிகழ்வுகள்' },
  telegramHowTo: {
    en: (url: string) => `To subscribe, choose Telegram on ${url} and open the link it gives you.`,
    ta: (url: string) => `பதிவு செய்ய, ${url} இல் டெலிகிராமைத் தேர்ந்தெடுத்து, கிடைக்கும் இணைப்பைத் திறக்கவும்.`,
  },
  telegramStopped: {
    en: (url: string) => `You will get no more messages from UmmahNotify. To subscribe again, visit ${url}.`,
    ta: (url: string) => `இனி UmmahNotify செய்திகள் வராது. மீண்டும் பதிவு செய்ய ${url} ஐப் பார்வையிடுங்கள்.`,
  },
  whatsappStopped: {
    en: (url: string) =>
      `You are unsubscribed and will get no more messages from UmmahNotify. To subscribe again, visit ${url}.`,
    ta: (url: string) => `நீங்கள் விலகிவிட்டீர்கள்; இனி UmmahNotify செய்திகள் வராது. மீண்டும் பதிவு செய்ய ${url} ஐப் பார்வையிடுங்கள்.`,
  },
  // web push: the first push of a new subscription, which the browser shows
  webpushWelcomeTitle: { en: 'Notifications are on', ta: 'அறிவிப்புகள் இயக்கப்பட்டன' },
  webpushWelcome: {
    en: (topics: string) => `This browser will show UmmahNotify notices: ${topics}.`,
    ta: (topics: string) => `இந்த உலாவி UmmahNotify அறிவிப்புகளைக் காட்டும்: ${topics}.`,
  },
  stopWhatsApp: {
    en: 'Reply STOP to stop these messages.',
    ta: 'இச்செய்திகளை நிறுத்த STOP என்று பதிலளிக்கவும்.',
  },
} satisfies Record<string, Twin<unknown>>;
