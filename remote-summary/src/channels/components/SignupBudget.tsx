import { formatClockTime } from '@ummahnotify/core';
import type { SignupBudget as Budget } from '@ummahnotify/domain';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';

const number = (n: number) => n.toLocaleString('en-SG');

/**
 * A shared sign-up budget once half of it is used (the server's level: 50, then 80): how much of it is used, and
 * what that means: from half, the robot check takes longer; from 80 %, sign-ups stop when it is full, until its
 * window ends. Amber at half, red at 80 %, as the channel's waiting and failed counts are. Under half: nothing.
 */
export function SignupBudget({ budget }: { budget: Budget }) {
  const { t } = useTranslation('delivery');
  if (budget.level === 0) return null;
  const nearlyFull = budget.level === 80;
  return (
    <Typography.Text
      role="status"
      data-testid={`signup-budget-${budget.channel}`}
      data-level={budget.level}
      title={t('budget.help')}
      style={{ display: 'block', fontSize: 12, color: nearlyFull ? '#cf1322' : '#ad6800' }}
    >
      {t(`budget.${budget.budget}`, { used: number(budget.used), limit: number(budget.limit) })}
      <br />
      {nearlyFull ? t('budget.nearlyFull', { time: formatClockTime(budget.resetsAt) }) : t('budget.half')}
    </Typography.Text>
  );
}
