import { z } from 'zod';
import { EVENT_LIMITS } from './limits';

// ---------------------------------------------------------------------------------------------------
// Poster -> prompt -> AI JSON (docs/product/screens.md#events, data.md#event, rules.md#event)
// ---------------------------------------------------------------------------------------------------

const aiText = z.string().max(EVENT_LIMITS.content);

/** The AI-extraction JSON (docs/product/data.md) as stored and answered back (plain: the server encodes answers with it). */
export const aiEventAnswerSchema = z.object({
  heading: aiText,
  headingTa: aiText,
  subHeading: aiText,
  subHeadingTa: aiText,
  content: z.object({ details: aiText, detailsTa: aiText }),
  address: aiText,
  addressTa: aiText,
});
export type AiEvent = z.output<typeof aiEventAnswerSchema>;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
/** A missing value reads as empty text, a number as its digits; anything else is left for the schema to check. */
const asText = (v: unknown) => (v === null || v === undefined ? '' : typeof v === 'number' ? String(v) : v);
const TEXT_FIELDS = Object.keys(aiEventAnswerSchema.shape).filter((k) => k !== 'content');

/** How an AI answer is read: missing fields as empty, and a plain-string content as the English details. */
function readAiAnswer(v: unknown): unknown {
  if (!isRecord(v)) return v;
  const content =
    v.content === null || v.content === undefined
      ? {}
      : typeof v.content === 'string'
        ? { details: v.content }
        : v.content;
  return {
    ...Object.fromEntries(TEXT_FIELDS.map((k) => [k, asText(v[k])])),
    content: isRecord(content) ? { details: asText(content.details), detailsTa: asText(content.detailsTa) } : content,
  };
}

/** The AI-extraction JSON as pasted or sent: the answer's shape, read leniently (readAiAnswer). */
export const aiEventSchema = z.preprocess(readAiAnswer, aiEventAnswerSchema);

export const INVALID_AI_JSON = 'Invalid JSON. Please check the format.';

export type AiParseResult = { ok: true; value: AiEvent } | { ok: false; error: typeof INVALID_AI_JSON };

const FENCED_BLOCK = /```(?:json|JSON)?[ \t]*\r?\n?([\s\S]*?)```/;

/** Reads the AI's answer: plain JSON or a fenced ```json block, holding one object of the shape in docs/product/data.md#event. */
export function parseAiEventJson(pasted: string): AiParseResult {
  const fenced = FENCED_BLOCK.exec(pasted);
  // Plain JSON first: a value that itself contains ``` must not be mistaken for a fence.
  for (const candidate of [pasted, fenced?.[1]]) {
    if (candidate === undefined) continue;
    let raw: unknown;
    try {
      raw = JSON.parse(candidate.trim());
    } catch {
      continue;
    }
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return { ok: false, error: INVALID_AI_JSON };
    const parsed = aiEventSchema.safeParse(raw);
    return parsed.success ? { ok: true, value: parsed.data } : { ok: false, error: INVALID_AI_JSON };
  }
  return { ok: false, error: INVALID_AI_JSON };
}

/** The form's starting values from an AI answer: content.details -> content, content.detailsTa -> contentTa. */
export function aiEventToFields(ai: AiEvent) {
  return {
    heading: ai.heading.trim(),
    headingTa: ai.headingTa.trim(),
    subHeading: ai.subHeading.trim(),
    subHeadingTa: ai.subHeadingTa.trim(),
    content: ai.content.details.trim(),
    contentTa: ai.content.detailsTa.trim(),
    address: ai.address.trim(),
    addressTa: ai.addressTa.trim(),
  };
}

export const AI_EVENT_SHAPE = `{
  "heading": "",
  "headingTa": "",
  "subHeading": "",
  "subHeadingTa": "",
  "content": {
    "details": "",
    "detailsTa": ""
  },
  "address": "",
  "addressTa": ""
}`;

/**
 * The prompt an admin copies into an external AI tool (no call is made from the browser to any AI
 * service). It carries the poster's text and asks for the JSON of docs/product/data.md#event in English and Tamil, short
 * sentences ending in full stops, and no transport or navigation information.
 */
export function buildEventPrompt(ocrText: string): string {
  // One line per recognised line: the blank lines tesseract puts between blocks only cost tokens.
  const posterText = ocrText
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .join('\n');
  return [
    'You are helping a mosque youth wing in Singapore announce a community event in English and Tamil.',
    'Below is the text of the event poster, read by text recognition. It may contain recognition mistakes; correct obvious ones.',
    '',
    'Poster text:',
    '"""',
    posterText,
    '"""',
    '',
    'Answer with one JSON object of exactly this shape, in a ```json code block, and nothing else:',
    AI_EVENT_SHAPE,
    '',
    'Rules:',
    '- heading, subHeading, content.details and address are in English; headingTa, subHeadingTa, content.detailsTa and addressTa are the same in Tamil.',
    '- Write short sentences. End every sentence with a full stop.',
    '- Put the date, time, speakers, programme and registration details in content.details.',
    '- Exclude transport and navigation information: no bus services, MRT or train stations, parking, directions or maps.',
    '- Use only facts from the poster text. Leave a field as "" when the poster does not give it.',
  ].join('\n');
}
