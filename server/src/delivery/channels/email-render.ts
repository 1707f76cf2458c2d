import { type Language, SIGNUP_API, SIGNUP_PAGES } from '@ummahnotify/core';
import { fillIn } from '@ummahnotify/domain';
import { messages } from '@ummahnotify/domain/messages';
import type { Message } from './types';

const text = messages;

export const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

/** What a rendered mail is made of; the transport adds From and To. */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

export function unsubscribeLinks(publicUrl: string, token: string) {
  const t = encodeURIComponent(token);
  return {
    page: `${publicUrl}${SIGNUP_PAGES.unsubscribe}?token=${t}`,
    oneClick: `${publicUrl}${SIGNUP_API.oneClickUnsubscribe(t)}`,
  };
}

function page(language: Language, title: string, inner: string): string {
  return [
    '<!doctype html>',
    `<html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">`,
    `<title>${escapeHtml(title)}</title></head>`,
    "<body style=\"margin:0;padding:0;background:#f3f4f1;font-family:Arial,'Noto Sans Tamil','Latha',sans-serif;color:#1b1b1b\">",
    '<div style="max-width:600px;margin:0 auto;padding:24px;background:#ffffff">',
    inner,
    '</div></body></html>',
  ].join('\n');
}

const button = (href: string, label: string) =>
  `<p style="margin:24px 0"><a href="${escapeHtml(href)}" style="display:inline-block;padding:12px 20px;background:#2d6a4f;color:#ffffff;text-decoration:none;border-radius:6px">${escapeHtml(label)}</a></p>`;

const LIST_NAMES: Record<Message['kind'], string> = {
  janaza: 'UmmahNotify janaza notices',
  events: 'UmmahNotify events',
};

/**
 * The topic's List-Id (RFC 2919 §2: a phrase, then <label.namespace> under a domain the sender controls):
 * `UmmahNotify janaza notices <janaza.notify.example.org>` for the host of PUBLIC_URL. Gmail asks mailing
 * lists for one (https://support.google.com/mail/answer/81126), and mail clients filter on it.
 */
export function listId(kind: Message['kind'], publicUrl: string): string {
  return `${LIST_NAMES[kind]} <${kind}.${new URL(publicUrl).hostname}>`;
}

/**
 * A notice or event mail: text and HTML, the unsubscribe footer, the topic's List-Id and the RFC 8058
 * one-click headers (List-Unsubscribe with the https link, List-Unsubscribe-Post: List-Unsubscribe=One-Click).
 */
export function renderNoticeMail(message: Message, publicUrl: string, token: string): MailContent {
  const t = text[message.language];
  const links = unsubscribeLinks(publicUrl, token);
  const lines = message.body.split('\n');
  const plain = [
    message.title,
    '',
    message.body,
    '',
    fillIn(t['message.more'], { url: message.url }),
    '',
    '--',
    t['email.footer'],
    fillIn(t['message.unsubscribe'], { url: links.page }),
    '',
  ].join('\n');
  const photo = message.imageUrl
    ? `<p style="margin:0 0 16px"><img src="${escapeHtml(message.imageUrl)}" alt="${escapeHtml(t['email.photoAlt'])}" style="max-width:100%;height:auto;border-radius:6px"></p>`
    : '';
  const html = page(
    message.language,
    message.title,
    [
      `<h1 style="font-size:22px;line-height:1.3;margin:0 0 16px">${escapeHtml(message.title)}</h1>`,
      photo,
      ...lines.map((line) => `<p style="font-size:16px;line-height:1.5;margin:0 0 8px">${escapeHtml(line)}</p>`),
      button(message.url, t['email.details']),
      '<hr style="border:none;border-top:1px solid #dddddd;margin:24px 0 12px">',
      `<p style="font-size:12px;color:#555555;margin:0">${escapeHtml(t['email.footer'])} <a href="${escapeHtml(links.page)}" style="color:#555555">${escapeHtml(t['email.unsubscribe'])}</a></p>`,
    ]
      .filter(Boolean)
      .join('\n'),
  );
  return {
    subject: message.title,
    text: plain,
    html,
    headers: {
      'List-Id': listId(message.kind, publicUrl),
      'List-Unsubscribe': `<${links.oneClick}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      'Content-Language': message.language,
    },
  };
}

/** The double opt-in mail: one link, nothing else is sent before it is opened. */
export function renderConfirmationMail(link: string, language: Language): MailContent {
  const t = text[language];
  return {
    subject: t['confirm.emailSubject'],
    text: [t['confirm.emailIntro'], '', link, '', t['confirm.emailIgnore'], ''].join('\n'),
    html: page(
      language,
      t['confirm.emailSubject'],
      [
        `<h1 style="font-size:22px;line-height:1.3;margin:0 0 16px">${escapeHtml(t['confirm.emailSubject'])}</h1>`,
        `<p style="font-size:16px;line-height:1.5">${escapeHtml(t['confirm.emailIntro'])}</p>`,
        button(link, t['confirm.emailButton']),
        `<p style="font-size:13px;color:#555555;word-break:break-all">${escapeHtml(link)}</p>`,
        `<p style="font-size:13px;color:#555555">${escapeHtml(t['confirm.emailIgnore'])}</p>`,
      ].join('\n'),
    ),
    headers: { 'Content-Language': language },
  };
}
