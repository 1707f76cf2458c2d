import { ArrowRightOutlined } from '@ant-design/icons';
import { useIsMobile } from '@ummahnotify/client';
import { formatUpdatedAt } from '@ummahnotify/core';
import { type Summary, sectionPath } from '@ummahnotify/domain';
import { Card, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { CardDef } from '../definitions';

/** One of the eight summary cards: its total, its breakdown, when it was counted, and its link. */
export function SummaryCard({ card, summary }: { card: CardDef; summary: Summary }) {
  const { t, i18n } = useTranslation('summary');
  const isMobile = useIsMobile();
  const title = t(`card.${card.key}`);
  const updated = t('lastUpdated', { time: formatUpdatedAt(summary.updatedAt, i18n.language) });
  return (
    <Card
      data-testid={`summary-card-${card.key}`}
      size={isMobile ? 'small' : 'default'}
      style={{ width: '100%', display: 'flex', flexDirection: 'column' }}
      styles={{ title: { whiteSpace: 'normal' }, body: { flex: 1, display: 'flex', flexDirection: 'column', gap: 8 } }}
      title={
        card.link ? (
          <Link to={sectionPath(card.link)}>
            {title} <ArrowRightOutlined aria-hidden style={{ fontSize: 12 }} />
          </Link>
        ) : (
          title
        )
      }
    >
      <Statistic title={t('line.total')} value={card.total(summary)} />
      {card.lines.length > 0 && (
        <dl style={{ margin: 0, display: 'grid', gridTemplateColumns: '1fr auto', columnGap: 12, rowGap: 4 }}>
          {card.lines.map((line) => (
            <div key={line.key} style={{ display: 'contents' }} data-testid={`summary-line-${card.key}-${line.key}`}>
              <dt style={{ color: 'rgba(0, 0, 0, 0.65)' }}>{t(`line.${line.key}`)}</dt>
              <dd style={{ margin: 0, fontWeight: 600, textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>
                {line.value(summary).toLocaleString('en-SG')}
              </dd>
            </div>
          ))}
        </dl>
      )}
      <Typography.Text type="secondary" style={{ marginTop: 'auto', fontSize: 12 }}>
        {updated}
      </Typography.Text>
    </Card>
  );
}
