import { type ParsedMail, simpleParser } from 'mailparser';
import { DELIVERY_HEADER, tagFrom, tagInAddress } from '../bounce-tag';

/**
 * A delivery status notification (RFC 3464): Action `failed` with a 5.x.x Status is a hard bounce; `delayed`,
 * or a 4.x.x Status, a soft one. `status` is the enhanced code (RFC 3463), `diagnostic` the remote server's words.
 */
export interface BounceReport {
  kind: 'bounce';
  soft: boolean;
  status: string;
  diagnostic: string;
  /** The VERP tags found, most trustworthy first (delivery/bounce-tag.ts). */
  tags: string[];
}

/** A complaint (RFC 5965 feedback report: abuse, fraud) or an opt-out: the person wants nothing more. */
export interface ComplaintReport {
  kind: 'complaint';
  feedbackType: string;
  tags: string[];
}

/** Anything else in the bounce mailbox: a success DSN, an auto-reply, spam. */
export interface OtherMail {
  kind: 'other';
  why: string;
}

export type Report = BounceReport | ComplaintReport | OtherMail;

type Fields = Map<string, string>;

/**
 * Header-style field blocks separated by blank lines (RFC 3464 §2.1: the per-message fields, then one block
 * per recipient; RFC 5965 §3: one block), names lower-cased, folded lines unfolded.
 */
export function fieldBlocks(text: string): Fields[] {
  const blocks: Fields[] = [];
  let current: Fields | undefined;
  let last: string | undefined;
  for (const line of text.split(/\r?\n/)) {
    if (line.trim() === '') {
      current = undefined;
      last = undefined;
      continue;
    }
    if (/^[ \t]/.test(line) && current && last) {
      current.set(last, `${current.get(last) ?? ''} ${line.trim()}`);
      continue;
    }
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    if (!current) {
      current = new Map();
      blocks.push(current);
    }
    last = line.slice(0, colon).trim().toLowerCase();
    // a repeated field keeps its first value
    if (!current.has(last)) current.set(last, line.slice(colon + 1).trim());
  }
  return blocks;
}

const ADDRESS = /[^\s<>,;:"()[\]]+@[^\s<>,;:"()[\]]+/g;

/** The addresses in a header or field value ("rfc822; a@b", "<a@b>", "Name <a@b>, c@d"). */
const addressesIn = (value: string | undefined): string[] => (value ? (value.match(ADDRESS) ?? []) : []);

/** The header section of an attached original (message/rfc822) or of text/rfc822-headers. */
function originalHeaders(mail: ParsedMail): Fields {
  const original = mail.attachments.find((a) =>
    /^(message\/(rfc822|global|rfc822-headers|global-headers)|text\/rfc822-headers)$/i.test(a.contentType),
  );
  if (!original) return new Map();
  const text = original.content.toString('utf8');
  const end = text.search(/\r?\n\r?\n/);
  return fieldBlocks(end < 0 ? text : text.slice(0, end))[0] ?? new Map();
}

function reportPart(mail: ParsedMail, types: RegExp): string | undefined {
  return mail.attachments.find((a) => types.test(a.contentType))?.content.toString('utf8');
}

/** The tags in the report mail's own recipient headers, as relays put them (To, Delivered-To, X-Original-To). */
function tagsInRecipientHeaders(mail: ParsedMail, bounceAddress: string): string[] {
  const recipientHeaders = new Set(['to', 'delivered-to', 'x-original-to', 'envelope-to', 'x-envelope-to']);
  return mail.headerLines
    .filter((h) => recipientHeaders.has(h.key))
    .flatMap((h) => addressesIn(h.line.slice(h.line.indexOf(':') + 1)))
    .map((a) => tagInAddress(bounceAddress, a))
    .filter((t): t is string => !!t);
}

const unique = (tags: (string | undefined)[]): string[] => [...new Set(tags.filter((t): t is string => !!t))];

const ENHANCED_STATUS = /^([245])\.\d{1,3}\.\d{1,3}/;

/**
 * What a mail in the bounce mailbox reports. Throws when it cannot be parsed as a mail at all. A DSN is
 * matched by the tag in the address it came back to, else its Original-Envelope-Id (RFC 3461 ENVID), else the
 * original's DELIVERY_HEADER; a complaint by the original's DELIVERY_HEADER (Yahoo and Microsoft redact the
 * recipient), else its Original-Mail-From.
 */
export async function readReport(raw: Buffer | string, bounceAddress: string): Promise<Report> {
  const mail = await simpleParser(raw, {
    keepDeliveryStatus: true,
    skipHtmlToText: true,
    skipTextToHtml: true,
    skipTextLinks: true,
    skipImageLinks: true,
  });
  const contentType = mail.headers.get('content-type') as
    | { value?: string; params?: Record<string, string> }
    | undefined;
  const reportType =
    contentType?.value === 'multipart/report' ? contentType.params?.['report-type']?.toLowerCase() : undefined;
  const original = originalHeaders(mail);
  const headerTag = tagFrom(original.get(DELIVERY_HEADER.toLowerCase()));
  const returnPathTag = addressesIn(original.get('return-path')).map((a) => tagInAddress(bounceAddress, a))[0];

  const feedback = reportPart(mail, /^message\/feedback-report$/i);
  if (reportType === 'feedback-report' || feedback) {
    const fields = fieldBlocks(feedback ?? '')[0] ?? new Map();
    const feedbackType = (fields.get('feedback-type') ?? '').toLowerCase();
    if (!['abuse', 'fraud', 'opt-out'].includes(feedbackType))
      return { kind: 'other', why: `feedback report of type '${feedbackType || 'none'}'` };
    const mailFrom = addressesIn(fields.get('original-mail-from')).map((a) => tagInAddress(bounceAddress, a));
    return {
      kind: 'complaint',
      feedbackType,
      tags: unique([headerTag, ...mailFrom, returnPathTag, ...tagsInRecipientHeaders(mail, bounceAddress)]),
    };
  }

  const status = reportPart(mail, /^message\/(global-)?delivery-status$/i);
  if (!status) return { kind: 'other', why: 'not a delivery status notification or feedback report' };
  const [perMessage = new Map(), ...perRecipient] = fieldBlocks(status);
  const failure = perRecipient.find((r) => /^(failed|delayed)$/i.test(r.get('action') ?? ''));
  if (!failure) return { kind: 'other', why: 'a delivery status notification with no failed or delayed recipient' };
  const action = (failure.get('action') ?? '').toLowerCase();
  const code = ENHANCED_STATUS.exec(failure.get('status') ?? '')?.[0] ?? (action === 'delayed' ? '4.0.0' : '5.0.0');
  const diagnostic = (failure.get('diagnostic-code') ?? '').replace(/^\s*smtp\s*;\s*/i, '') || `status ${code}`;
  return {
    kind: 'bounce',
    soft: action === 'delayed' || code.startsWith('4'),
    status: code,
    diagnostic,
    tags: unique([
      ...tagsInRecipientHeaders(mail, bounceAddress),
      tagFrom(perMessage.get('original-envelope-id')),
      ...perRecipient.flatMap((r) =>
        [...addressesIn(r.get('original-recipient')), ...addressesIn(r.get('final-recipient'))].map((a) =>
          tagInAddress(bounceAddress, a),
        ),
      ),
      headerTag,
      returnPathTag,
    ]),
  };
}
