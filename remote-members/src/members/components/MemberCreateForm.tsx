import { useToast } from '@ummahnotify/client';
import { markServerErrors, readApiProblem } from '@ummahnotify/client/section';
import { Button, Form, Typography } from 'antd';
import { useSectionText } from '../../common/useSectionText';
import { EMPTY_MEMBER_FORM, MEMBER_FORM_FIELDS, type MemberFormValues, toMemberInput } from '../formValues';
import { useCreateMember } from '../hooks';
import { MemberFields } from './MemberFields';

/** Members section, Create tab (docs/product/screens.md): 'Member created successfully!' / 'Failed to create member'. */
export function MemberCreateForm() {
  const { t, say, details } = useSectionText('members');
  const toast = useToast();
  const [form] = Form.useForm<MemberFormValues>();
  const create = useCreateMember();

  const submit = async (values: MemberFormValues) => {
    try {
      const answer = await create.mutateAsync(toMemberInput(values));
      if (answer.code !== 200) throw new Error(`code ${answer.code}`);
      toast.success(t('createSuccess'));
      form.resetFields();
    } catch (error) {
      markServerErrors(form, readApiProblem(error).errors, MEMBER_FORM_FIELDS, say);
      toast.error(
        <>
          {t('createFailed')}
          {details(error) && <div>{details(error)}</div>}
        </>,
      );
    }
  };

  return (
    <>
      <Typography.Title level={4}>{t('membersCreateTitle')}</Typography.Title>
      <Form form={form} layout="vertical" initialValues={EMPTY_MEMBER_FORM} onFinish={submit} requiredMark>
        <MemberFields variant="create" />
        <Button type="primary" htmlType="submit" loading={create.isPending} block={false}>
          {create.isPending ? t('creating') : t('createButton')}
        </Button>
      </Form>
    </>
  );
}
