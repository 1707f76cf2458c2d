import { useToast } from '@ummahnotify/client';
import { ASSIGNABLE_ROLES, type AssignableRole, type CommitteeMember } from '@ummahnotify/domain';
import { Button, Flex, Select } from 'antd';
import { useState } from 'react';
import { useSectionText } from '../../common/useSectionText';
import { isCompleteAssignment, useAssignRole } from '../hooks';

const isAssignable = (r: string): r is AssignableRole => (ASSIGNABLE_ROLES as readonly string[]).includes(r);

/** A row's role-assign control: admin, editor or superadmin (docs/product/screens.md, rules.md, errors.md). */
export function RoleAssign({ member }: { member: CommitteeMember }) {
  const { t, details } = useSectionText('committee');
  const toast = useToast();
  const assign = useAssignRole();
  const [role, setRole] = useState<AssignableRole | undefined>(isAssignable(member.rights) ? member.rights : undefined);
  const name = `${member.fName} ${member.lName}`.trim();

  const submit = async () => {
    const assignment = { userId: member._id, role };
    if (!isCompleteAssignment(assignment)) {
      toast.error(t('checkInput'));
      return;
    }
    try {
      await assign.mutateAsync({ id: member._id, ...assignment });
      toast.success(t('assignSuccess'));
    } catch (error) {
      console.error('Assigning a role failed', error);
      setRole(isAssignable(member.rights) ? member.rights : undefined);
      toast.error(
        <>
          {t('assignFailed')}
          {details(error) && <div>{details(error)}</div>}
        </>,
      );
    }
  };

  // Not a joined pair (Space.Compact): the button goes under the picker when both do not fit, in a card (a Tamil
  // role ran 23 px past it) as in the table's narrow column.
  return (
    <Flex gap={8} wrap style={{ width: '100%' }}>
      <Select<AssignableRole>
        value={role}
        onChange={setRole}
        placeholder={t('chooseRole')}
        aria-label={t('roleFor', { name })}
        style={{ flex: '1 1 140px', minWidth: 0 }}
        popupMatchSelectWidth={false}
        options={ASSIGNABLE_ROLES.map((r) => ({ value: r, label: t(`common:rights.${r}`) }))}
      />
      <Button onClick={submit} loading={assign.isPending} aria-label={t('assignFor', { name })}>
        {t('assign')}
      </Button>
    </Flex>
  );
}
