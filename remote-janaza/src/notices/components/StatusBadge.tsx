import { useSectionText } from '@ummahnotify/client/section';
import type { NotificationStatus } from '@ummahnotify/core';
import { statusBadgeColour } from '@ummahnotify/domain';
import { Tag } from 'antd';

/** Solid colours with readable text: antd's light preset yellow is too faint to read on white. */
const STYLE = {
  green: { background: '#237804', color: '#ffffff' },
  red: { background: '#cf1322', color: '#ffffff' },
  yellow: { background: '#fadb14', color: '#3d2c00' },
} as const;

/** docs/product/data.md: green for approved (Notify Now!), red for rejected, yellow otherwise. */
export function StatusBadge({ status }: { status: NotificationStatus }) {
  const { t } = useSectionText('janaza');
  const colour = statusBadgeColour(status);
  return (
    <Tag
      data-colour={colour}
      style={{
        ...STYLE[colour],
        border: 'none',
        fontWeight: 600,
        marginInlineEnd: 0,
        whiteSpace: 'normal',
        maxWidth: '100%',
      }}
    >
      {t(`status.${status}`)}
    </Tag>
  );
}
