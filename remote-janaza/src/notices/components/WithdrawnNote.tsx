import { useSectionText } from '@ummahnotify/client/section';
import { Tag, Typography } from 'antd';

/** A withdrawn notice's mark in the list: the tag, and the reason staff gave. */
export function WithdrawnNote({ reason }: { reason: string }) {
  const { t } = useSectionText('janaza');
  return (
    <Typography.Text type="danger">
      <Tag color="red" style={{ marginInlineEnd: 6 }}>
        {t('withdrawn')}
      </Tag>
      {reason}
    </Typography.Text>
  );
}
