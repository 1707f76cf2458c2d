import { Button, Result } from 'antd';
import type { Texts } from '../texts';

/** docs/product/screens.md#403-page: any unknown top-level path; the script goes back in history after 2 s. */
export function ForbiddenPage({ t }: { t: Texts }) {
  return (
    <Result
      status="403"
      title="403"
      subTitle={
        <>
          <div>{t('shell:forbidden')}</div>
          <div>{t('shell:forbiddenHint')}</div>
        </>
      }
      extra={
        <Button type="primary" data-go-back>
          {t('shell:goBack')}
        </Button>
      }
    />
  );
}
