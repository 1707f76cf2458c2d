// Shows the sign-up section's state (state.ts) in every language frame: each look is antd's markup drawn at build
// time (landing/SignupSection.tsx); this file only chooses looks, writes texts in, and sets antd's state classes.
import { LANGUAGES, type Language, type Topic } from '@ummahnotify/core';
import { frameId } from '../../frameId';
import { markChecked, markSegment } from '../antdState';
import { CHANNELS } from './names';
import { available, chosenChannel, newPanel, panelShown, type SignupState } from './state';

/** Each frame's sign-up section, with the frame's language. */
export function sections(): { root: HTMLElement; language: Language }[] {
  return LANGUAGES.flatMap((language) => {
    const root = document.querySelector<HTMLElement>(`[data-lang="${language}"] [data-signup]`);
    return root ? [{ root, language }] : [];
  });
}

/**
 * Puts a part's look in place (landing/Parts.tsx), with `text` in its slot. What the visitor typed in the part's
 * inputs and where the focus was stay as they were.
 */
function setLook(root: HTMLElement, name: string, look: string, text = ''): void {
  const part = root.querySelector<HTMLElement>(`[data-part="${name}"]`);
  const template = root.querySelector<HTMLTemplateElement>(`template[data-look-of="${name}:${look}"]`);
  if (!part || !template) return;
  const slot = () => part.querySelector('[data-text]');
  if (part.dataset.look === look && (slot()?.textContent ?? '') === text) return;
  const focused = part.contains(document.activeElement) ? document.activeElement : null;
  const values = new Map([...part.querySelectorAll('input')].map((input) => [input.name, input.value]));
  part.replaceChildren(template.content.cloneNode(true));
  part.dataset.look = look;
  const written = slot();
  if (written) written.textContent = text;
  for (const input of part.querySelectorAll('input')) input.value = values.get(input.name) ?? input.value;
  if (focused) {
    const name = focused.getAttribute('name');
    const again = name
      ? part.querySelector<HTMLElement>(`[name="${name}"]`)
      : part.querySelector<HTMLElement>('button');
    (again ?? part.querySelector<HTMLElement>('button, input'))?.focus();
  }
}

function showOnly(root: HTMLElement, attribute: string, value: string): void {
  for (const element of root.querySelectorAll<HTMLElement>(`[data-${attribute}]`))
    element.hidden = element.getAttribute(`data-${attribute}`) !== value;
}

function setOutcome(root: HTMLElement, state: SignupState, language: Language): void {
  const { outcome } = state.panel;
  for (const slot of root.querySelectorAll<HTMLElement>('[data-outcome]')) {
    const mine = slot.dataset.outcome === panelShown(state) && outcome;
    const text = mine ? outcome.said(language) : '';
    if (slot.dataset.shown === text) continue;
    slot.dataset.shown = text;
    const template = mine && root.querySelector<HTMLTemplateElement>(`template[data-outcome-look="${outcome.type}"]`);
    if (!template) {
      slot.replaceChildren();
      continue;
    }
    slot.replaceChildren(template.content.cloneNode(true));
    const written = slot.querySelector('[data-text]');
    if (written) written.textContent = text;
  }
}

function buttonLook(busy: boolean, proving: boolean): string {
  return proving ? 'proving' : busy ? 'busy' : 'idle';
}

function showPanels(root: HTMLElement, state: SignupState, language: Language) {
  const { subscription } = state;
  const channel = chosenChannel(state);
  for (const item of root.querySelectorAll<HTMLElement>('[data-channel-switch] label')) {
    const index = [...(item.parentElement?.children ?? [])].indexOf(item);
    const off = typeof state.options !== 'string' && !available(state.options, CHANNELS[index]);
    markSegment(item, CHANNELS[index] === channel, off);
  }
  const shown = panelShown(state);
  showOnly(root, 'panel', shown);
  // The panel state is the shown panel's; the others are as they were first drawn.
  const panel = (of: string) => (shown === of ? state.panel : newPanel());
  const problem = (of: string) => {
    const said = panel(of).problem;
    return [said ? 'error' : 'ok', said ? said(language) : ''] as const;
  };

  const email = panel('email');
  setLook(root, frameId('signup-email', language), ...problem('email'));
  setLook(root, 'email-send', buttonLook(email.busy, email.proving));

  const whatsapp = panel('whatsapp');
  for (const status of root.querySelectorAll<HTMLElement>('[data-proving]'))
    status.textContent =
      status.closest('[data-panel]')?.getAttribute('data-panel') === shown && state.panel.proving
        ? (status.dataset.proving ?? '')
        : '';
  showOnly(root, 'step', whatsapp.phone ? (whatsapp.done ? 'done' : 'code') : 'phone');
  setLook(root, frameId(whatsapp.phone ? 'signup-code' : 'signup-phone', language), ...problem('whatsapp'));
  if (whatsapp.phone) setLook(root, frameId('signup-phone', language), 'ok');
  else setLook(root, frameId('signup-code', language), 'ok');
  const step = whatsapp.phone ? 'confirm' : 'send';
  const sendLook = whatsapp.proving ? 'proving' : whatsapp.busy ? `${step}-busy` : step;
  setLook(root, 'whatsapp-send', whatsapp.done ? 'none' : sendLook);
  const otherLook = whatsapp.done ? 'default' : whatsapp.busy ? 'link-busy' : 'link';
  setLook(root, 'whatsapp-other', whatsapp.phone ? otherLook : 'none');

  const telegram = panel('telegram');
  setLook(root, 'telegram-start', buttonLook(telegram.busy, false));
  const ready = root.querySelector<HTMLElement>('[data-telegram-ready]');
  if (ready) {
    ready.hidden = !telegram.telegramLink;
    const link = ready.querySelector('a');
    if (link && telegram.telegramLink) {
      link.href = telegram.telegramLink;
      link.textContent = telegram.telegramLink;
    }
  }

  const webpush = panel('webpush');
  for (const on of root.querySelectorAll<HTMLElement>('[data-webpush-on]')) on.hidden = !subscription;
  setLook(
    root,
    'webpush-on',
    webpush.proving ? 'proving' : `${subscription ? 'on' : 'off'}${webpush.busy ? '-busy' : ''}`,
  );
  setLook(root, 'webpush-off', !subscription ? 'none' : webpush.busy ? 'disabled' : 'shown');
  setOutcome(root, state, language);
}

/** Shows `state` in every frame. */
export function render(state: SignupState): void {
  for (const { root, language } of sections()) {
    const topicsLook = state.topicsTouched && state.topics.length === 0 ? 'error' : 'ok';
    setLook(root, 'topics', topicsLook);
    for (const input of root.querySelectorAll<HTMLInputElement>('input[name="topics"]'))
      markChecked(input, state.topics.includes(input.value as Topic));
    const messageLanguage = state.messageLanguage ?? language;
    for (const input of root.querySelectorAll<HTMLInputElement>(
      `input[name="${frameId('message-language', language)}"]`,
    ))
      markChecked(input, input.value === messageLanguage);
    showOnly(root, 'options', typeof state.options === 'string' ? state.options : 'ready');
    // Once the options are in, the waiting spinner goes (not only hidden: nothing is left for a screen reader).
    if (state.options !== 'loading') root.querySelector('[data-options="loading"]')?.remove();
    showPanels(root, state, language);
  }
}
