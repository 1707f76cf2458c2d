import type { Language } from '@ummahnotify/core';
import { Flex, Typography } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { type Texts, textsOf } from '../texts';

/** The highlight of the picture: what to tap (antd's link blue, 4.5:1 and more against white). */
const TAP = '#0958d9';
const GREY = '#8c8c8c';

/** The icons' strokes, as Safari draws them: round ends and joins. */
const STROKE = { fill: 'none', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;

/** Safari's Share icon (24 × 24): a box open at the top, an arrow rising out of it. */
const SHARE_ICON = (
  <>
    <path d="M8.5 9.5H7a2 2 0 0 0-2 2V19a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-7.5a2 2 0 0 0-2-2h-1.5" />
    <path d="M12 14.5V3M8 7l4-4 4 4" />
  </>
);

/** Safari's toolbar on an iPhone, its Share button ringed. */
function Toolbar() {
  return (
    <svg width="244" height="53" viewBox="0 0 220 48" focusable="false" aria-hidden="true">
      <rect x="1" y="1" width="218" height="46" rx="12" fill="#fff" stroke="#d9d9d9" />
      <g stroke={GREY} {...STROKE}>
        <path d="M27 16l-8 8 8 8" />
        <path d="M59 16l8 8-8 8" />
        <path d="M150 18c3-1.6 6-1.6 8 0v13c-2-1.6-5-1.6-8 0zM158 18c2-1.6 5-1.6 8 0v13c-3-1.6-6-1.6-8 0" />
        <rect x="189" y="19" width="12" height="12" rx="2" />
        <path d="M193 15.5h8.5a2 2 0 0 1 2 2V26" />
      </g>
      <circle cx="110" cy="24" r="19" fill="#e6f0ff" stroke={TAP} strokeWidth="2" />
      <g transform="translate(98 11.5)" stroke={TAP} {...STROKE}>
        {SHARE_ICON}
      </g>
    </svg>
  );
}

/** "Add to Home Screen"'s icon in the Share menu: a plus in a rounded square. */
function AddIcon() {
  return (
    <svg width="24" height="24" viewBox="0 0 24 24" focusable="false" aria-hidden="true" style={{ flex: 'none' }}>
      <g stroke="currentColor" {...STROKE}>
        <rect x="3.5" y="3.5" width="17" height="17" rx="4" />
        <path d="M12 8v8M8 12h8" />
      </g>
    </svg>
  );
}

function Step({ number, children }: { number: number; children: ReactNode }) {
  const badge: CSSProperties = {
    flex: 'none',
    width: 22,
    height: 22,
    borderRadius: '50%',
    background: TAP,
    color: '#fff',
    fontSize: 12,
    fontWeight: 600,
    lineHeight: '22px',
    textAlign: 'center',
  };
  return (
    <Flex align="center" gap={8}>
      <span style={badge}>{number}</span>
      {children}
    </Flex>
  );
}

/**
 * The Share menu's step as Safari shows it: (1) Share in the toolbar, (2) "Add to Home Screen" in its menu. Safari's
 * words in the page's language, and in the Tamil page in English too (an iPhone may speak either). Drawn here
 * (inline SVG), nothing fetched; hidden from screen readers, which read the same in the steps above it.
 */
function SharePicture({ t, language }: { t: Texts; language: Language }) {
  const english = textsOf('en');
  const label = (key: string) => (
    <span>
      {t(key)}
      {language !== 'en' && (
        <span style={{ display: 'block', fontSize: 12, color: 'var(--ant-color-text-secondary)' }}>{english(key)}</span>
      )}
    </span>
  );
  return (
    <figure
      aria-hidden="true"
      data-home-screen-picture
      style={{
        margin: 0,
        padding: 12,
        maxWidth: 320,
        borderRadius: 12,
        background: 'var(--ant-color-fill-quaternary)',
      }}
    >
      <Flex vertical gap={10}>
        <Step number={1}>
          <Flex vertical align="center" gap={4}>
            <Toolbar />
            <span style={{ fontSize: 13, textAlign: 'center' }}>{label('signup:homeScreenShare')}</span>
          </Flex>
        </Step>
        <Step number={2}>
          <Flex
            align="center"
            justify="space-between"
            gap={8}
            style={{
              width: 244,
              maxWidth: '100%',
              padding: '8px 12px',
              borderRadius: 10,
              background: '#fff',
              border: `2px solid ${TAP}`,
              fontSize: 14,
              lineHeight: 1.35,
            }}
          >
            {label('signup:homeScreenAdd')}
            <AddIcon />
          </Flex>
        </Step>
      </Flex>
    </figure>
  );
}

/**
 * Web push in iOS Safari (docs/product/screens.md#landing): only the site's app on the Home Screen gets it, so the
 * panel says how to add it there, with a picture of the Share menu's step.
 */
export function HomeScreenHint({ t, language }: { t: Texts; language: Language }) {
  return (
    <Flex vertical gap={12}>
      <Typography.Paragraph style={{ marginBottom: 0 }}>{t('signup:homeScreenIntro')}</Typography.Paragraph>
      <ol style={{ margin: 0, paddingInlineStart: 24 }}>
        {(['homeScreenStep1', 'homeScreenStep2', 'homeScreenStep3'] as const).map((step) => (
          <li key={step} style={{ marginBottom: 4 }}>
            {t(`signup:${step}`)}
          </li>
        ))}
      </ol>
      <SharePicture t={t} language={language} />
    </Flex>
  );
}
