import { useToast } from '@ummahnotify/client';
import { isForbidden, pagesOf, SectionList } from '@ummahnotify/client/section';
import type { Member } from '@ummahnotify/domain';
import { App, Button, Card, Empty, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { Navigate } from 'react-router-dom';
import { LoadFailed } from '../../common/LoadFailed';
import { rowAnimation } from '../../common/rowAnimation';
import { useSectionText } from '../../common/useSectionText';
import { useMembers, useRevokeMember } from '../hooks';
import { MemberDetailsModal } from './MemberDetailsModal';
import { PositionTag } from './PositionTag';

/** Members section, Edit tab (docs/product/screens.md): a table at md and up, cards below; View to Edit and Revoke. */
export function MembersList() {
  const { t, details } = useSectionText('members');
  const toast = useToast();
  const { modal } = App.useApp();
  const members = useMembers();
  const revoke = useRevokeMember();
  const [openId, setOpenId] = useState<string | null>(null);

  if (members.isError && isForbidden(members.error)) return <Navigate to="/" replace />;
  const list = members.data?.code === 200 ? members.data.data : [];

  const open = list.find((m) => m._id === openId) ?? null;
  const name = (m: Member) => `${m.fName} ${m.lName}`.trim();

  const confirmRevoke = (m: Member) =>
    modal.confirm({
      title: t('revokeTitle', { name: name(m) }),
      content: t('revokeConfirm'),
      okText: t('revokeOk'),
      okButtonProps: { danger: true },
      cancelText: t('cancel'),
      onOk: async () => {
        try {
          await revoke.mutateAsync(m._id);
          if (openId === m._id) setOpenId(null);
          toast.success(t('revokeSuccess'));
        } catch (error) {
          console.error('Revoking a member failed', error);
          toast.error(
            <>
              {t('revokeFailed')}
              {details(error) && <div>{details(error)}</div>}
            </>,
          );
        }
      },
    });

  const actions = (m: Member) => (
    <Space wrap>
      <Button onClick={() => setOpenId(m._id)} aria-label={`${t('viewToEdit')}: ${name(m)}`}>
        {t('viewToEdit')}
      </Button>
      <Button danger onClick={() => confirmRevoke(m)} aria-label={`${t('revoke')}: ${name(m)}`}>
        {t('revoke')}
      </Button>
    </Space>
  );
  const yesNo = (v: boolean) => (v ? t('common:yes') : t('common:no'));

  const columns: ColumnsType<Member> = [
    { key: 'number', title: t('col.number'), width: 64, render: (_v, m) => list.indexOf(m) + 1 },
    { key: 'fName', title: t('col.fName'), dataIndex: 'fName' },
    { key: 'lName', title: t('col.lName'), dataIndex: 'lName' },
    { key: 'position', title: t('col.position'), render: (_v, m) => <PositionTag position={m.position} /> },
    { key: 'volunteer', title: t('col.volunteer'), render: (_v, m) => yesNo(m.isVolunteer) },
    { key: 'actions', title: t('col.actions'), render: (_v, m) => actions(m) },
  ];

  return (
    <>
      <SectionList<Member>
        query={members}
        rows={list}
        loading={t('loading')}
        failed={
          <LoadFailed title={t('loadFailed')} details={details(members.error)} onRetry={() => members.refetch()} />
        }
        empty={<Empty description={t('noMembers')} />}
        cardsTestId="member-cards"
        card={(m, i) => (
          <Card key={m._id} data-id={m._id} size="small" {...rowAnimation(i)} title={`${i + 1}. ${name(m)}`}>
            <Space orientation="vertical" style={{ width: '100%' }}>
              <Space wrap>
                <PositionTag position={m.position} />
                <Typography.Text>
                  {t('col.volunteer')}: {yesNo(m.isVolunteer)}
                </Typography.Text>
              </Space>
              {actions(m)}
            </Space>
          </Card>
        )}
        table={
          <Table<Member>
            rowKey="_id"
            columns={columns}
            dataSource={list}
            pagination={pagesOf(list.length, 50)}
            // Not max-content: the action buttons wrap (long in Tamil) rather than push Revoke out of view.
            scroll={{ x: 640 }}
            onRow={(_m, i) => rowAnimation(i ?? 0)}
          />
        }
      />
      {open && (
        <MemberDetailsModal member={open} onClose={() => setOpenId(null)} onRevoke={() => confirmRevoke(open)} />
      )}
    </>
  );
}
