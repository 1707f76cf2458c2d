import { randomUUID } from 'node:crypto';
import { singaporeDate, toUtcIso } from '@ummahnotify/core';
import type { Db } from '../../db/connect';

const DAY = 24 * 60 * 60 * 1000;

/** Singapore time on the day `days` from today at hh:mm, as UTC ISO. */
function sgAt(days: number, hh: number, mm: number): string {
  const today = toUtcIso(`${singaporeDate()}T${String(hh).padStart(2, '0')}:${String(mm).padStart(2, '0')}`);
  return new Date(Date.parse(today ?? '') + days * DAY).toISOString();
}

const SAMPLES = [
  {
    heading: 'Youth Iftar Gathering',
    heading_ta: 'இளைஞர் இஃப்தார் ஒன்றுகூடல்',
    sub_heading: 'Break fast together with the youth wing',
    sub_heading_ta: 'இளைஞர் அணியுடன் சேர்ந்து நோன்பு திறப்போம்',
    content:
      'Join us for iftar and Maghrib prayer. Dates, water and dinner are provided. All youths aged 16 to 30 are welcome.',
    content_ta:
      'இஃப்தாருக்கும் மஃரிப் தொழுகைக்கும் எங்களுடன் சேருங்கள். பேரீச்சம்பழம், தண்ணீர் மற்றும் இரவு உணவு வழங்கப்படும். 16 முதல் 30 வயது வரையிலான இளைஞர்கள் அனைவரும் வரவேற்கப்படுகிறார்கள்.',
    address: 'Masjid Abdul Gafoor, 41 Dunlop Street, Singapore 209369',
    address_ta: 'மஸ்ஜித் அப்துல் கஃபூர், 41 டன்லப் ஸ்ட்ரீட், சிங்கப்பூர் 209369',
    registration: 1,
    service_type: 'youth',
    date_time: sgAt(9, 18, 45),
    published: 1,
    link: 'https://example.sg/youth-iftar',
  },
  {
    heading: 'Blood Donation Drive',
    heading_ta: 'இரத்த தான முகாம்',
    sub_heading: 'In partnership with the Health Sciences Authority',
    sub_heading_ta: 'சுகாதார அறிவியல் ஆணையத்துடன் இணைந்து',
    content: 'Every donation can save up to three lives. Please eat a proper meal before you donate. Bring your NRIC.',
    content_ta:
      'ஒவ்வொரு தானமும் மூன்று உயிர்கள் வரை காப்பாற்றலாம். தானம் செய்வதற்கு முன் முறையாக உணவு உண்ணவும். உங்கள் அடையாள அட்டையைக் கொண்டு வாருங்கள்.',
    address: 'Jamae Mosque (Chulia), 218 South Bridge Road, Singapore 058767',
    address_ta: 'ஜாமியா பள்ளிவாசல் (சூலியா), 218 சவுத் பிரிட்ஜ் ரோடு, சிங்கப்பூர் 058767',
    registration: 1,
    service_type: 'health',
    date_time: sgAt(16, 10, 0),
    published: 0,
    link: '',
  },
  {
    heading: 'Tafsir Class for Young Adults',
    heading_ta: 'இளைஞர்களுக்கான தஃப்சீர் வகுப்பு',
    sub_heading: 'Surah Al-Kahf, weekly series',
    sub_heading_ta: 'சூரா அல்-கஹ்ஃப், வாராந்திரத் தொடர்',
    content: 'A weekly class in English and Tamil. Bring your own Quran. Light refreshments after the class.',
    content_ta: 'ஆங்கிலத்திலும் தமிழிலும் வாராந்திர வகுப்பு. உங்கள் குர்ஆனைக் கொண்டு வாருங்கள். வகுப்புக்குப் பின் சிற்றுண்டி வழங்கப்படும்.',
    address: 'Masjid Angullia, 265 Serangoon Road, Singapore 218099',
    address_ta: 'மஸ்ஜித் அங்குல்லியா, 265 சிராங்கூன் ரோடு, சிங்கப்பூர் 218099',
    registration: 0,
    service_type: 'educational',
    date_time: sgAt(4, 20, 0),
    published: 1,
    link: '',
  },
];

/** Sample events for demo mode (runs only on an empty database, from demo/seed.ts). */
export async function seedEvents(db: Db): Promise<void> {
  const admin = await db.selectFrom('users').select('id').where('rights', '=', 'admin').limit(1).executeTakeFirst();
  const now = new Date().toISOString();
  await db
    .insertInto('events')
    .values(
      SAMPLES.map((e) => ({
        ...e,
        id: randomUUID(),
        published_at: e.published ? now : null,
        image_id: null,
        ai_source: null,
        created_by: admin?.id ?? null,
        updated_by: admin?.id ?? null,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
}
